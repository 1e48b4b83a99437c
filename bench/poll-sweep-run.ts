/**
 * Runs inside the app (`medusa exec bench/poll-sweep-run.ts <sweepAtMs>`, started by
 * bench/poll-sweep.ts): one polling sweep through the job's code path, with the app's module,
 * locking and client, timed and with the process's memory sampled every 100 ms. Announcements
 * are counted instead of emitted, so the figures are the sweep's own (applying events to orders
 * is the apply path's, measured by bench/webhook-ingest.ts). Prints one line: POLL-SWEEP {json}.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { inPostalMaintenance } from "../src/lib/tracking/maintenance"
import {
  pollTrackingSweepWith,
  sweepDeps,
} from "../src/orchestration/tracking/tracking-poll"

const mb = (n: number) => Math.round(n / 1024 / 1024)

export default async function run({
  container,
  args,
}: {
  container: MedusaContainer
  args: string[]
}) {
  let now = new Date(Number(args[0] ?? Date.now()))
  // Postal parcels are left alone during postal maintenance: sweep at a time outside it.
  while (inPostalMaintenance(now)) now = new Date(now.getTime() + 3_600_000)
  let announced = 0
  const deps = {
    ...sweepDeps(container),
    announce: async (t: string[]) => void (announced += t.length),
  }

  global.gc?.()
  const before = process.memoryUsage()
  const peak = { rss: before.rss, heap: before.heapUsed }
  const samples: number[] = []
  const live: number[] = []
  let ticks = 0
  const timer = setInterval(() => {
    const m = process.memoryUsage()
    peak.rss = Math.max(peak.rss, m.rss)
    peak.heap = Math.max(peak.heap, m.heapUsed)
    samples.push(mb(m.heapUsed))
    // Once a second (with --expose-gc): the heap that is really kept, garbage collected first.
    if (global.gc && ++ticks % 10 === 0) {
      global.gc()
      live.push(mb(process.memoryUsage().heapUsed))
    }
  }, 100)
  const stats = await pollTrackingSweepWith(deps, { now })
  clearInterval(timer)
  const after = process.memoryUsage()
  // About ten evenly spaced samples are enough to see whether the heap grows with the sweep.
  const step = Math.max(1, Math.floor(samples.length / 10))
  const report = {
    stats,
    announced,
    before: { rssMb: mb(before.rss), heapMb: mb(before.heapUsed) },
    peak: { rssMb: mb(peak.rss), heapMb: mb(peak.heap) },
    after: { rssMb: mb(after.rss), heapMb: mb(after.heapUsed) },
    heapSamplesMb: samples.filter((_, i) => i % step === 0),
    liveHeapMb: live.filter(
      (_, i) => i % Math.max(1, Math.floor(live.length / 10)) === 0
    ),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }
  console.log(`POLL-SWEEP ${JSON.stringify(report)}`)
}
