import { PLUGIN_JOBS } from "../../jobs"
import { healthView, type HealthInput } from "../health-view"

const now = new Date("2026-11-26T12:00:00Z")
const ago = (s: number) => new Date(now.getTime() - s * 1000).toISOString()

/** Every job ran `secondsAgo` ago, and nothing else is wrong. */
const input = (secondsAgo: number): HealthInput => ({
  purchases: { bought: 0, refused: 0, last_bought_at: null },
  auto_fulfillments: {
    waiting_retry: 0,
    next_retry_at: null,
    gave_up: 0,
    failed_in_window: 0,
    stalled: 0,
  },
  webhooks: {
    registrations: [],
    stored: 0,
    lag_p50_s: null,
    lag_max_s: null,
    oldest_unapplied_at: null,
    unapplied: 0,
    unmatched_in_day: 0,
  },
  orphans: { kept: 0, voided_in_day: 0 },
  // The outage probe runs every 15 s: it ran just now (its lateness is its own test below).
  jobs: Object.values(PLUGIN_JOBS).map((job) => ({
    name: job.name,
    started_at: ago(job === PLUGIN_JOBS.probeService ? 0 : secondsAgo),
    finished_at: ago(job === PLUGIN_JOBS.probeService ? 0 : secondsAgo),
    ok: true,
    where: "worker:1",
  })),
  half_made: 0,
  shipments_waiting: 0,
  service: { record: null, orders_waiting: 0 },
})

const lateJobs = (secondsAgo: number, recoverySchedule?: string) => {
  const jobs = healthView(
    input(secondsAgo),
    {
      webhookSilenceMinutes: 180,
      webhooksExpected: false,
      pollSchedule: "*/15 * * * *",
      recoverySchedule,
      autoFulfillMaxAttempts: 5,
    },
    now
  ).items.find((i) => i.key === "jobs")!
  return jobs.summary
}

describe("the Health section's scheduled jobs", () => {
  it("judges the recovery jobs late by recovery.schedule: every minute unless set", () => {
    // Late after two intervals and two minutes: 240 s every minute, 124 s every 2 s.
    expect(lateJobs(180)).not.toMatch(/late/)
    expect(lateJobs(180, "* * * * *")).not.toMatch(/late/)
    expect(lateJobs(180, "*/2 * * * * *")).toMatch(/^3 late/)
    expect(lateJobs(100, "*/2 * * * * *")).not.toMatch(/late/)
  })
})

describe("the Health section's shipping service", () => {
  const settings = {
    webhookSilenceMinutes: 180,
    webhooksExpected: false,
    pollSchedule: "*/15 * * * *",
    autoFulfillMaxAttempts: 5,
  }
  const serviceItem = (service: HealthInput["service"]) =>
    healthView({ ...input(10), service }, settings, now).items.find(
      (i) => i.key === "service"
    )!

  it("says an outage once, with since when, why and how many orders wait", () => {
    const item = serviceItem({
      record: {
        state: "down",
        since: ago(3 * 3600 + 12 * 60),
        reason:
          "createShipment: the service is unavailable (maintenance) (HTTP 503)",
        confirmed_at: ago(3 * 3600),
        probes: 700,
        last_probe_at: ago(5),
        last_probe_error: "HTTP 503",
      },
      orders_waiting: 42,
    })
    expect(item.status).toBe("warning")
    expect(item.summary).toBe(
      `Not answering since ${ago(3 * 3600 + 12 * 60)} (3 h 12 min); 42 order(s) wait for their labels`
    )
    expect(item.figures).toContainEqual({
      label: "Why",
      value:
        "createShipment: the service is unavailable (maintenance) (HTTP 503)",
    })
    expect(item.action).toMatch(/Nothing to do/)
  })

  it("is ok while the service answers, and shows the last outage", () => {
    const item = serviceItem({
      record: {
        state: "up",
        since: ago(60),
        last_outage: { since: ago(3600), until: ago(60) },
      },
      orders_waiting: 0,
    })
    expect(item.status).toBe("ok")
    expect(item.summary).toBe("Answering")
    expect(item.figures).toContainEqual({
      label: "Last outage",
      value: `${ago(3600)} to ${ago(60)} (59 min)`,
    })
    expect(item.action).toBeNull()
  })
})
