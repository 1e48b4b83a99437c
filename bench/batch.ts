/**
 * A print batch of 100 orders, beside the same 100 fulfillments through
 * Medusa's manual provider. The app boots in this process (Medusa's own loaders, as
 * `medusa start` does); the sandbox runs in its own process, as the real service would,
 * answering each create after 300 ms. 100 orders of the plugin are placed through the store API
 * with automatic fulfillment off (they wait on Ready to ship), and 100 with a manual-provider
 * option of the same zone and price. Then, after a warm-up of 8 of each (not counted):
 * - manual: createOrderFulfillmentWorkflow for each of its orders, 8 at a time, through the
 *   benches' dev/manual-fulfillment subscriber (see bench/auto-fulfill.ts) — what Medusa does for a
 *   fulfillment without a label; Medusa has no batch or print file of its own;
 * - plugin: one batch of all of them through the admin route, followed until its merged PDF is
 *   ready.
 * Prints both side by side (wall, CPU of this process and of PostgreSQL, statements,
 * transactions, rows written; bench/baseline.ts), the goal — batch wall ≤ 1.15 ×
 * (manual wall + network bound 100 × 0.3 s / 8 + the merge) — and the batch's own figures: the
 * part spent merging the PDF (goal ≤ 1 s), peak creates in flight, labels created (no
 * duplicates), the PDF's pages and size, and memory during the print phase.
 * The sandbox's tracking webhooks are held back unless BENCH_WEBHOOKS=on.
 *   npm run bench:batch   (~4 min, most of it placing the orders; BENCH_ORDERS, BENCH_LAYOUT)
 */
import { sqlCounts } from "../dev/sql-counter"
import { Modules } from "@medusajs/framework/utils"
import { sql } from "../dev/database"
import { appInThisProcess } from "./lib"
import { setupStore } from "../dev/seed/store"
import {
  addManualOption,
  countRows,
  MANUAL_FULFILL_EVENT,
  placeBothSides,
  header,
  row,
  startWindow,
  statementGap,
  type Measured,
  type MeterSources,
} from "./baseline"
import { SHIPPING_SERVICES_MODULE } from "../src/options/resolve"
import type ShippingServicesModuleService from "../src/modules/shipping-services/service"

const DB = "medusa_shipping_services_bench_batch"
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100)
const LAYOUT = process.env.BENCH_LAYOUT ?? "4x6"
const LATENCY_MS = 300
const PORT = Number(process.env.BENCH_PORT ?? 9126)
const WARMUP = 8

/** The manual side: Medusa's fulfillment of each order, 8 at a time (dev/manual-fulfillment). */
async function manualFulfillments(
  bus: { emit(events: { name: string; data: unknown }[]): Promise<unknown> },
  ids: string[]
): Promise<number> {
  const t0 = Date.now()
  await bus.emit(
    ids.map((id) => ({ name: MANUAL_FULFILL_EVENT, data: { id } }))
  )
  for (;;) {
    const [{ done }] = await sql(
      DB,
      `select count(distinct order_id) as done from order_fulfillment where order_id = any($1) and deleted_at is null`,
      [ids]
    )
    if (Number(done) >= ids.length) return Date.now()
    if (Date.now() - t0 > 300_000)
      throw new Error(`only ${done} of ${ids.length} manual orders fulfilled`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function main() {
  const { sandbox, container, api, admin, close } = await appInThisProcess({
    db: DB,
    port: PORT,
    env: { DEV_MANUAL_FULFILL: "1" },
  })
  try {
    const options = container
      .resolve<ShippingServicesModuleService>(SHIPPING_SERVICES_MODULE)
      .getOptions()
    const concurrency = options.http.concurrency
    options.autoFulfill.enabled = false // the orders wait for an admin, as on Ready to ship

    const store = await setupStore(api, admin)
    process.env.DEV_MANUAL_FULFILL_CONCURRENCY = String(concurrency)
    await addManualOption(api, admin, store)
    console.log(
      `placing ${WARMUP + ORDERS} orders of each side through the store API`
    )
    const placed = await placeBothSides(api, store, WARMUP + ORDERS)
    const orders = placed.plugin.slice(WARMUP)
    const manualOrders = placed.manual.slice(WARMUP)
    for (;;) {
      const [{ n }] = await sql(
        DB,
        `select count(*) as n from shipping_services_auto_fulfillment where status = 'manual'`
      )
      if (Number(n) >= WARMUP + ORDERS) break
      await new Promise((r) => setTimeout(r, 100))
    }
    await sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: LATENCY_MS,
    })
    // As in bench:auto-fulfill: applying tracking is bench:webhooks' figure, not a batch's.
    if (process.env.BENCH_WEBHOOKS !== "on")
      await sandbox.control("PUT", "/webhooks", { delivery: false })
    const bus = container.resolve(Modules.EVENT_BUS)
    const src: MeterSources = {
      db: DB,
      processes: () => [{ name: "app", pid: process.pid, sql: sqlCounts }],
      probes: sqlCounts,
    }
    const batchOf = async (ids: string[]) => {
      const t0 = Date.now()
      const { data } = await api.post(
        "/admin/shipping-services/batches",
        { order_ids: ids, layout: LAYOUT },
        admin
      )
      return { t0, id: data.batch.id as string }
    }
    const waitForBatch = async (id: string) => {
      for (;;) {
        const [row] = await sql(
          DB,
          `select status from shipping_services_batch where id = $1`,
          [id]
        )
        if (row.status === "done") return Date.now()
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    console.log("warm-up (not counted)")
    await manualFulfillments(bus, placed.manual.slice(0, WARMUP))
    await waitForBatch((await batchOf(placed.plugin.slice(0, WARMUP))).id)

    const manualWindow = await startWindow(src, ORDERS)
    const m0 = Date.now()
    const m1 = await manualFulfillments(bus, manualOrders)
    const manual: Measured = await manualWindow.stop(m0, m1)
    console.log(
      `manual: ${ORDERS} fulfillments in ${manual.wallS.toFixed(2)} s`
    )

    const pluginWindow = await startWindow(src, ORDERS)
    await sandbox.control("POST", "/stats/reset", {})
    await sandbox.control("PUT", "/latency", {
      operation: "createShipment",
      ms: LATENCY_MS,
    })
    const cpu0 = process.cpuUsage()
    const { t0, id } = await batchOf(orders)
    const accepted = Date.now() - t0
    let printingAt = 0
    let rssBeforePrint = 0
    let peakRss = 0
    let batch: any
    for (;;) {
      const [row] = await sql(
        DB,
        `select status from shipping_services_batch where id = $1`,
        [id]
      )
      const rss = process.memoryUsage().rss
      if (row.status === "printing" && !printingAt) {
        printingAt = Date.now()
        rssBeforePrint = rss
      }
      if (printingAt) peakRss = Math.max(peakRss, rss)
      if (row.status === "done") {
        batch = (await api.get(`/admin/shipping-services/batches/${id}`, admin))
          .data.batch
        break
      }
      if (Date.now() - t0 > 300_000)
        throw new Error(`batch ${id} not done after 5 minutes`)
      await new Promise((r) => setTimeout(r, 20))
    }
    const doneAt = Date.now()
    const wall = (doneAt - t0) / 1000
    // A small batch can go from its last label to done between two polls (20 ms): the merge then
    // counts as 0 in the floor below, which only makes the ratio stricter.
    const merge = printingAt ? (doneAt - printingAt) / 1000 : 0
    const cpu = process.cpuUsage(cpu0)
    const plugin: Measured = await pluginWindow.stop(t0, doneAt)
    const stats = await sandbox.control<{
      peakCreatesInFlight: number
      labelsCreated: number
    }>("GET", "/stats")
    const [{ shipments, distinct }] = await sql(
      DB,
      `select count(*) as shipments, count(distinct tracking_number) as distinct from shipping_services_shipment where status = 'created'`
    )
    const file = batch.files.find(
      (f: { kind: string }) => f.kind === "combined"
    )
    const bound = 1.3 * ((ORDERS * LATENCY_MS) / 1000 / concurrency) + 2
    console.log("")
    console.log(
      `orders ${ORDERS}, sandbox ${LATENCY_MS} ms per create (own process), concurrency ${concurrency}, layout ${LAYOUT} with packing slips`
    )
    console.log(
      `batch              ${batch.counts.done} done, ${batch.counts.failed} failed (request answered in ${accepted} ms)`
    )
    console.log(
      `labels + PDF       ${wall.toFixed(2)} s   (bound 1.3 × ${ORDERS} × ${LATENCY_MS / 1000} s / ${concurrency} + 2 s = ${bound.toFixed(2)} s) ${wall <= bound ? "OK" : "OVER"}`
    )
    console.log(
      `merging the PDF    ${printingAt ? `${merge.toFixed(2)} s` : "< 0.02 s (shorter than a poll)"}   (goal ≤ 1 s; from the last label to the stored file, ${file?.pages} pages, ${Math.round((file?.size ?? 0) / 1024)} KB) ${merge <= 1 ? "OK" : "OVER"}`
    )
    console.log(
      `app CPU            ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s during the batch (this process, one thread for JavaScript)`
    )
    console.log(
      `memory, print      RSS ${Math.round(rssBeforePrint / 2 ** 20)} MB before, peak ${Math.round(peakRss / 2 ** 20)} MB while merging (+${Math.round((peakRss - rssBeforePrint) / 2 ** 20)} MB)`
    )
    console.log(
      `peak in flight     ${stats.peakCreatesInFlight} ${stats.peakCreatesInFlight <= concurrency ? "OK" : "OVER"}`
    )
    console.log(
      `labels created     ${stats.labelsCreated} at the sandbox; ${shipments} shipments, ${distinct} distinct tracking numbers; duplicates ${Number(shipments) - Number(distinct) + (stats.labelsCreated - ORDERS)}`
    )
    compare(plugin, manual, {
      merge,
      network: (ORDERS * LATENCY_MS) / 1000 / concurrency,
    })
  } finally {
    await close()
  }
  process.exit(0)
}

/** The two sides and the goal. */
function compare(
  p: Measured,
  m: Measured,
  opts: { merge: number; network: number }
) {
  const per = (x: Measured, n: number) => n / x.orders
  console.log("")
  console.log(
    `${ORDERS} orders each: the plugin's batch (labels + merged PDF) beside Medusa's manual fulfillments`
  )
  console.log(header())
  console.log(row("wall time (s)", p.wallS, m.wallS, { digits: 2 }))
  console.log(
    row("CPU app per order (ms)", per(p, p.cpu.app!), per(m, m.cpu.app!))
  )
  console.log(
    row("CPU PostgreSQL per order (ms)", per(p, p.pgCpuMs), per(m, m.pgCpuMs))
  )
  for (const line of countRows(p, m, "order", { rowsWritten: true }))
    console.log(line)
  const floor = m.wallS + opts.network + opts.merge
  const ratio = p.wallS / floor
  console.log("")
  console.log(
    `goal: batch / (manual ${m.wallS.toFixed(2)} s + network ${opts.network.toFixed(2)} s + merge ${opts.merge.toFixed(2)} s = ${floor.toFixed(2)} s) = ${ratio.toFixed(2)} ${ratio <= 1.15 ? "MET" : "NOT MET"} (goal ≤ 1.15)`
  )
  console.log("")
  console.log(
    `statements per order where the two differ          plugin  manual    diff`
  )
  for (const line of statementGap(p, m)) console.log(line)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
