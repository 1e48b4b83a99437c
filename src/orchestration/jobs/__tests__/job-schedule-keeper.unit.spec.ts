import { PLUGIN_JOBS } from "../../../lib/jobs"
import { keepJobSchedules, type KeeperDeps } from "../job-schedule-keeper"

const NOW = new Date("2026-11-27T12:00:00Z")
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000)

function fixture(runs: Record<string, Date>, loaded = true) {
  const shipping = {
    jobRuns: jest.fn(async () =>
      Object.entries(runs).map(([name, at]) => ({
        name,
        started_at: at.toISOString(),
        finished_at: at.toISOString(),
        ok: true,
        where: "w:1",
      }))
    ),
    getOptions: () => ({ polling: {}, recovery: {} }),
  }
  const logger = { warn: jest.fn() }
  const scheduled: string[] = []
  const restored: Record<string, string | null> = {}
  const deps = (over: Partial<KeeperDeps> = {}): KeeperDeps => ({
    now: NOW,
    processStartedAt: minutesAgo(60),
    restoredAt: { ...restored },
    claim: async (job, seen, at) => {
      if ((restored[job] ?? null) !== seen) return false
      restored[job] = at
      return true
    },
    workflowOf: (id) =>
      loaded ? { id, options: { schedule: { cron: "* * * * *" } } } : undefined,
    schedule: async (w) => {
      scheduled.push(w.id)
    },
    ...over,
  })
  const keep = (over?: Partial<KeeperDeps>) =>
    keepJobSchedules(shipping as never, logger as never, deps(over))
  return { keep, scheduled, logger, restored }
}

const recover = PLUGIN_JOBS.recover.name
const poll = PLUGIN_JOBS.pollTracking.name

describe("keepJobSchedules (schedules a Redis restarted empty or a racing start lost)", () => {
  it("does nothing while the jobs run on time", async () => {
    const { keep, scheduled, logger } = fixture({ [recover]: minutesAgo(1) })
    expect(await keep()).toEqual([])
    expect(scheduled).toEqual([])
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it("registers the late job's schedule again, and only its own, and says so", async () => {
    // The recovery job runs every minute: late after 2 × 1 minutes and 30 s.
    const { keep, scheduled, logger } = fixture({
      [recover]: minutesAgo(2.6),
      [poll]: minutesAgo(0.5),
    })
    expect(await keep()).toEqual([recover])
    expect(scheduled).toEqual([`job-${recover}`])
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(logger.warn.mock.calls[0][0]).toMatch(
      new RegExp(
        `shipping-services-recover-interrupted-work did not run .* registered their schedules .* append-only file`
      )
    )
    // Two minutes and a half is not yet late.
    const onTime = fixture({ [recover]: minutesAgo(2.4) })
    expect(await onTime.keep()).toEqual([])
  })

  it("waits until this process has been up longer than the lateness (its own start registered them)", async () => {
    const { keep, scheduled } = fixture({ [recover]: minutesAgo(30) })
    expect(await keep({ processStartedAt: minutesAgo(2) })).toEqual([])
    expect(scheduled).toEqual([])
    expect(await keep({ processStartedAt: minutesAgo(3) })).toEqual([recover])
  })

  it("counts its own registering as a run: late again only two intervals and 30 s after it", async () => {
    const { keep, restored } = fixture({ [recover]: minutesAgo(30) })
    restored[recover] = minutesAgo(2.4).toISOString()
    expect(await keep()).toEqual([])
    restored[recover] = minutesAgo(2.6).toISOString()
    expect(await keep()).toEqual([recover])
  })

  it("registers a late job once across two workers that found it late at the same time", async () => {
    const { keep, scheduled, restored } = fixture({ [recover]: minutesAgo(30) })
    // Both read the shared record before either registered.
    const [first, second] = await Promise.all([keep(), keep()])
    expect([...first, ...second]).toEqual([recover])
    expect(scheduled).toEqual([`job-${recover}`])
    expect(restored[recover]).toBe(NOW.toISOString())
  })

  it("gives its claim back when registering fails, so the next check tries again", async () => {
    const { keep, scheduled, restored, logger } = fixture({
      [recover]: minutesAgo(30),
    })
    const failing = async () => {
      throw new Error("Redis is not answering")
    }
    expect(await keep({ schedule: failing })).toEqual([])
    expect(restored[recover] ?? null).toBeNull()
    expect(logger.warn.mock.calls[0][0]).toMatch(
      /could not register the schedule of job shipping-services-recover-interrupted-work again: Redis is not answering/
    )
    // Fifteen seconds later the job is still late and nobody holds it.
    expect(await keep({ restoredAt: { ...restored } })).toEqual([recover])
    expect(scheduled).toEqual([`job-${recover}`])
  })

  it("registers nothing in a process that loaded no jobs (a server)", async () => {
    const { keep, logger } = fixture({ [recover]: minutesAgo(30) }, false)
    expect(await keep()).toEqual([])
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it("never counts a job that has not run yet as late", async () => {
    const { keep } = fixture({})
    expect(await keep()).toEqual([])
  })
})
