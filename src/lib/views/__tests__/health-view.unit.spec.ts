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
  jobs: Object.values(PLUGIN_JOBS).map((job) => ({
    name: job.name,
    started_at: ago(secondsAgo),
    finished_at: ago(secondsAgo),
    ok: true,
    where: "worker:1",
  })),
  half_made: 0,
  shipments_waiting: 0,
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
