import {
  autoFulfillmentFailedAlert,
  silenceDecision,
  webhookSilenceAlert,
  type SilenceInput,
} from "../alerts"
import {
  cronIntervalMs,
  DEFAULT_RECOVERY_SCHEDULE,
  jobScheduleOf,
  PLUGIN_JOBS,
  recoveryScheduleOf,
} from "../jobs"
import { DEFAULT_POLL_SCHEDULE } from "../tracking/schedule"

const NOW = new Date("2026-11-25T12:00:00Z")
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000)

describe("webhook silence", () => {
  const base: SilenceInput = {
    now: NOW,
    silenceMinutes: 60,
    registered: true,
    lastDeliveryAt: minutesAgo(90),
    registeredAt: minutesAgo(600),
    shipmentsWaiting: 3,
    alertedFor: null,
  }

  it("alerts once per silence, only while parcels are on their way", () => {
    expect(silenceDecision(base)).toEqual({
      state: "alert",
      since: minutesAgo(90),
      minutes: 90,
    })
    expect(
      silenceDecision({ ...base, alertedFor: minutesAgo(90).toISOString() })
    ).toEqual({ state: "alerted" })
    // A delivery since: a new silence, alerted again once it lasts.
    expect(
      silenceDecision({
        ...base,
        lastDeliveryAt: minutesAgo(61),
        alertedFor: minutesAgo(90).toISOString(),
      })
    ).toMatchObject({ state: "alert", minutes: 61 })
    expect(
      silenceDecision({ ...base, lastDeliveryAt: minutesAgo(59) })
    ).toEqual({ state: "ok" })
    expect(silenceDecision({ ...base, shipmentsWaiting: 0 })).toEqual({
      state: "nothing-expected",
    })
  })

  it("no delivery ever: the silence counts from the registration; off when not registered or 0", () => {
    expect(silenceDecision({ ...base, lastDeliveryAt: null })).toMatchObject({
      state: "alert",
      minutes: 600,
    })
    expect(silenceDecision({ ...base, registered: false })).toEqual({
      state: "off",
    })
    expect(silenceDecision({ ...base, silenceMinutes: 0 })).toEqual({
      state: "off",
    })
  })

  it("the alerts say what happened and what to do, with a stable id", () => {
    const silence = webhookSilenceAlert({
      since: minutesAgo(150),
      minutes: 150,
      lastDeliveryAt: minutesAgo(150),
      shipmentsWaiting: 1000,
      now: NOW,
    })
    expect(silence).toMatchObject({
      id: `webhook_silence:${minutesAgo(150).toISOString()}`,
      kind: "webhook_silence",
      severity: "warning",
      silent_minutes: 150,
    })
    expect(silence.message).toMatch(/for 2 h.*1000\+ parcel/)
    expect(silence.action).toMatch(/Re-register/)
    const failed = autoFulfillmentFailedAlert({
      order_id: "order_1",
      display_id: 42,
      attempts: 5,
      last_error: "Add a phone number",
      now: NOW,
    })
    expect(failed).toMatchObject({
      id: "auto_fulfillment_failed:order_1:5",
      severity: "critical",
      order_id: "order_1",
    })
    expect(failed.message).toBe(
      "The label of order #42 could not be bought after 5 attempt(s): Add a phone number"
    )
  })
})

describe("job schedules", () => {
  it("reads the intervals of the usual cron forms, and none of the others", () => {
    expect(cronIntervalMs("* * * * *")).toBe(60_000)
    expect(cronIntervalMs("*/15 * * * *")).toBe(15 * 60_000)
    expect(cronIntervalMs("*/10 * * * * *")).toBe(10_000)
    expect(cronIntervalMs("0 */5 * * * *")).toBe(5 * 60_000)
    expect(cronIntervalMs("5 * * * *")).toBe(60 * 60_000)
    expect(cronIntervalMs("30 6 * * *")).toBe(24 * 60 * 60_000)
    expect(cronIntervalMs("0 9 * * 1-5")).toBeNull()
    expect(cronIntervalMs("0,30 * * * *")).toBeNull()
    expect(cronIntervalMs("nonsense")).toBeNull()
    for (const job of Object.values(PLUGIN_JOBS))
      expect(
        cronIntervalMs(
          jobScheduleOf(job, {
            polling: DEFAULT_POLL_SCHEDULE,
            recovery: DEFAULT_RECOVERY_SCHEDULE,
          })
        )
      ).not.toBeNull()
  })

  it("runs the three recovery jobs on recovery.schedule and the polling job on polling.schedule", () => {
    const schedules = { polling: "*/7 * * * *", recovery: "*/2 * * * * *" }
    const on = (schedule: string) =>
      Object.values(PLUGIN_JOBS)
        .filter((job) => jobScheduleOf(job, schedules) === schedule)
        .map((job) => job.name)
        .sort()
    expect(on("*/2 * * * * *")).toEqual([
      PLUGIN_JOBS.recover.name,
      PLUGIN_JOBS.resumePrintBatches.name,
      PLUGIN_JOBS.retryAutoFulfillments.name,
    ])
    expect(on("*/7 * * * *")).toEqual([PLUGIN_JOBS.pollTracking.name])
    expect(jobScheduleOf(PLUGIN_JOBS.watchWebhooks, schedules)).toBe(
      "* * * * *"
    )
  })

  it("takes recovery.schedule when it is a cron expression, else every minute (flagged)", () => {
    expect(recoveryScheduleOf(undefined)).toEqual({
      schedule: "* * * * *",
      fallback: false,
    })
    expect(recoveryScheduleOf({ schedule: " */5 * * * * * " })).toEqual({
      schedule: "*/5 * * * * *",
      fallback: false,
    })
    expect(recoveryScheduleOf({ schedule: "every five seconds" })).toEqual({
      schedule: DEFAULT_RECOVERY_SCHEDULE,
      fallback: true,
    })
    expect(recoveryScheduleOf({ schedule: "* * * *" }).fallback).toBe(true)
  })
})
