import {
  ShippingAuthenticationError,
  ShippingBadRequestError,
  ShippingNetworkError,
  ShippingNotFoundError,
  ShippingServerError,
  ShippingUnavailableError,
} from "../../../shipping-api/errors"
import {
  MAX_POLL_AGE_DAYS,
  POLL_BACKOFF,
  SWEEP_STOP_AFTER_OUTAGE_FAILURES,
  afterPollFailure,
  afterPollSuccess,
  isPollDue,
  pollBackoffMs,
  pollDueFilter,
  pollErrorKind,
  sweepShouldStop,
  type PollCandidate,
} from "../poll-plan"
import {
  DEFAULT_POLL_SCHEDULE,
  isCronExpression,
  pollScheduleOf,
} from "../schedule"

const now = new Date("2026-03-10T12:00:00Z")
const settings = { staleAfterMinutes: 120 }
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000)

const open = (over: Partial<PollCandidate> = {}): PollCandidate => ({
  id: "ssship_1",
  status: "created",
  tracking_number: "9400100000000000000001",
  carrier: "STANDARD",
  tracking_status: "InTransit",
  delivered_applied_at: null,
  last_event_at: minutesAgo(180),
  next_poll_at: null,
  created_at: minutesAgo(24 * 60),
  ...over,
})

describe("which shipments the polling fallback asks about", () => {
  it("polls an open shipment without news for staleAfterMinutes", () => {
    expect(isPollDue(open(), now, settings, false)).toBe(true)
    expect(
      isPollDue(open({ last_event_at: minutesAgo(119) }), now, settings, false)
    ).toBe(false)
    expect(
      isPollDue(open({ last_event_at: minutesAgo(120) }), now, settings, false)
    ).toBe(true)
  })

  it("uses the label's creation when no event came at all, so a fresh label is not polled", () => {
    expect(
      isPollDue(
        open({ last_event_at: null, created_at: minutesAgo(10) }),
        now,
        settings,
        false
      )
    ).toBe(false)
    expect(
      isPollDue(
        open({ last_event_at: null, created_at: minutesAgo(121) }),
        now,
        settings,
        false
      )
    ).toBe(true)
  })

  it("never polls delivered, voided, pending, failed or number-less shipments", () => {
    expect(
      isPollDue(open({ tracking_status: "Delivered" }), now, settings, false)
    ).toBe(false)
    expect(
      isPollDue(
        open({ delivered_applied_at: minutesAgo(500) }),
        now,
        settings,
        false
      )
    ).toBe(false)
    for (const status of ["voided", "pending", "failed"])
      expect(isPollDue(open({ status }), now, settings, false)).toBe(false)
    expect(
      isPollDue(open({ tracking_number: null }), now, settings, false)
    ).toBe(false)
  })

  it("waits for next_poll_at (after a poll, or backing off after failures)", () => {
    expect(
      isPollDue(
        open({ next_poll_at: new Date(now.getTime() + 60_000) }),
        now,
        settings,
        false
      )
    ).toBe(false)
    expect(
      isPollDue(open({ next_poll_at: minutesAgo(1) }), now, settings, false)
    ).toBe(true)
    // Even when its time came, a shipment whose webhooks brought news meanwhile is left alone.
    expect(
      isPollDue(
        open({ next_poll_at: minutesAgo(1), last_event_at: minutesAgo(5) }),
        now,
        settings,
        false
      )
    ).toBe(false)
  })

  it("leaves postal shipments alone during postal maintenance only", () => {
    expect(isPollDue(open({ carrier: "POSTAL" }), now, settings, true)).toBe(
      false
    )
    expect(isPollDue(open({ carrier: "POSTAL" }), now, settings, false)).toBe(
      true
    )
    expect(isPollDue(open({ carrier: "STANDARD" }), now, settings, true)).toBe(
      true
    )
  })

  it("gives up on labels older than MAX_POLL_AGE_DAYS", () => {
    expect(
      isPollDue(
        open({ created_at: minutesAgo(MAX_POLL_AGE_DAYS * 24 * 60 + 1) }),
        now,
        settings,
        false
      )
    ).toBe(false)
  })

  it("builds the database filter of the same rule, with keyset paging", () => {
    const filter = pollDueFilter({
      now,
      settings,
      postalPaused: true,
      after: "ssship_9",
    }) as any
    expect(filter).toMatchObject({
      status: "created",
      tracking_number: { $ne: null },
      delivered_applied_at: null,
      carrier: { $ne: "POSTAL" },
      id: { $gt: "ssship_9" },
    })
    expect(filter.$and).toContainEqual({
      $or: [{ next_poll_at: null }, { next_poll_at: { $lte: now } }],
    })
    expect(filter.$and).toContainEqual({
      $or: [
        { last_event_at: null, created_at: { $lte: minutesAgo(120) } },
        { last_event_at: { $lte: minutesAgo(120) } },
      ],
    })
    expect(filter.$and).toContainEqual({
      $or: [
        { tracking_status: null },
        { tracking_status: { $ne: "Delivered" } },
      ],
    })
    const first = pollDueFilter({ now, settings, postalPaused: false }) as any
    expect(first.id).toBeUndefined()
    expect(first.carrier).toBeUndefined()
  })
})

describe("when the polling fallback asks again", () => {
  it("waits staleAfterMinutes after a poll and forgets earlier failures", () => {
    expect(afterPollSuccess(now, settings)).toEqual({
      next_poll_at: new Date(now.getTime() + 120 * 60_000),
      poll_failures: 0,
    })
  })

  it("backs off exponentially after failures, capped at a day", () => {
    expect(pollBackoffMs(1)).toBe(POLL_BACKOFF.baseMs)
    expect(pollBackoffMs(2)).toBe(2 * POLL_BACKOFF.baseMs)
    expect(pollBackoffMs(3)).toBe(4 * POLL_BACKOFF.baseMs)
    expect(pollBackoffMs(50)).toBe(POLL_BACKOFF.maxMs)
    expect(afterPollFailure(now, 0)).toEqual({
      poll_failures: 1,
      next_poll_at: new Date(now.getTime() + POLL_BACKOFF.baseMs),
    })
    expect(afterPollFailure(now, 2).poll_failures).toBe(3)
    expect(
      afterPollFailure(now, null).next_poll_at.getTime() - now.getTime()
    ).toBe(POLL_BACKOFF.baseMs)
    // A Retry-After longer than the backoff wins.
    expect(
      afterPollFailure(now, 0, 3 * 60 * 60_000).next_poll_at.getTime() -
        now.getTime()
    ).toBe(3 * 60 * 60_000)
  })

  it("tells apart refused credentials, an outage and a parcel-specific failure", () => {
    const init = { operation: "getTracking" }
    expect(
      pollErrorKind(new ShippingAuthenticationError({ ...init, status: 401 }))
    ).toBe("auth")
    expect(
      pollErrorKind(new ShippingNetworkError({ ...init, timedOut: true }))
    ).toBe("outage")
    expect(
      pollErrorKind(new ShippingUnavailableError({ ...init, status: 503 }))
    ).toBe("outage")
    expect(
      pollErrorKind(new ShippingServerError({ ...init, status: 500 }))
    ).toBe("outage")
    expect(
      pollErrorKind(new ShippingNotFoundError({ ...init, status: 404 }))
    ).toBe("shipment")
    expect(
      pollErrorKind(new ShippingBadRequestError({ ...init, status: 400 }))
    ).toBe("shipment")
    expect(sweepShouldStop("auth", 0)).toBe(true)
    expect(
      sweepShouldStop("outage", SWEEP_STOP_AFTER_OUTAGE_FAILURES - 1)
    ).toBe(false)
    expect(sweepShouldStop("outage", SWEEP_STOP_AFTER_OUTAGE_FAILURES)).toBe(
      true
    )
    expect(sweepShouldStop("shipment", 1000)).toBe(false)
  })
})

describe("the sweep's schedule", () => {
  it("takes options.polling.schedule when it is a cron expression, else the default", () => {
    expect(pollScheduleOf({ schedule: "*/5 * * * *" })).toEqual({
      schedule: "*/5 * * * *",
      fallback: false,
    })
    expect(pollScheduleOf({ schedule: "0 */2 * * 1-5" }).schedule).toBe(
      "0 */2 * * 1-5"
    )
    expect(pollScheduleOf({ schedule: "every five minutes" })).toEqual({
      schedule: DEFAULT_POLL_SCHEDULE,
      fallback: true,
    })
    expect(pollScheduleOf(undefined)).toEqual({
      schedule: DEFAULT_POLL_SCHEDULE,
      fallback: false,
    })
    expect(isCronExpression("* * * *")).toBe(false)
    expect(isCronExpression("0 0 * * * *")).toBe(true)
  })
})
