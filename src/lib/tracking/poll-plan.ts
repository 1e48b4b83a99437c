import {
  ShippingApiError,
  ShippingAuthenticationError,
  ShippingForbiddenError,
  ShippingNetworkError,
  ShippingRateLimitedError,
  ShippingServerError,
  ShippingUnavailableError,
} from "../../shipping-api/errors"

/**
 * Which shipments the polling fallback asks GET /v1/tracking about (doc 3), and when again. Due:
 * a bought label with a tracking number, not delivered, no event for `staleAfterMinutes` (with
 * webhooks working nothing is polled), not waiting (`next_poll_at`: a period after a poll, 15 min
 * doubling to 24 h after a failure), younger than MAX_POLL_AGE_DAYS, and not postal during postal
 * maintenance (doc 3 rule 5).
 */

export type PollSettings = { staleAfterMinutes: number }

/** Ours: labels older than this are not polled any more. */
export const MAX_POLL_AGE_DAYS = 60
/** Ours: backoff after failed polls, doubling from baseMs, capped at maxMs. */
export const POLL_BACKOFF = {
  baseMs: 15 * 60_000,
  maxMs: 24 * 60 * 60_000,
} as const
/** A sweep stops after this many failures in a row that say the service itself is down. */
export const SWEEP_STOP_AFTER_OUTAGE_FAILURES = 10

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

export type PollFilterInput = {
  now: Date
  settings: PollSettings
  /** Doc 3 rule 5: leave POSTAL shipments out. */
  postalPaused: boolean
  /** Keyset paging: only ids after this one. */
  after?: string | null
}

/** The filter of ShippingServicesModuleService.listShipments selecting due shipments. */
export function pollDueFilter({
  now,
  settings,
  postalPaused,
  after,
}: PollFilterInput): Record<string, unknown> {
  const staleBefore = new Date(
    now.getTime() - settings.staleAfterMinutes * MINUTE
  )
  const oldest = new Date(now.getTime() - MAX_POLL_AGE_DAYS * DAY)
  return {
    status: "created",
    tracking_number: { $ne: null },
    delivered_applied_at: null,
    ...(postalPaused ? { carrier: { $ne: "POSTAL" } } : {}),
    ...(after ? { id: { $gt: after } } : {}),
    $and: [
      { created_at: { $gte: oldest } },
      {
        $or: [
          { tracking_status: null },
          { tracking_status: { $ne: "Delivered" } },
        ],
      },
      { $or: [{ next_poll_at: null }, { next_poll_at: { $lte: now } }] },
      {
        $or: [
          { last_event_at: null, created_at: { $lte: staleBefore } },
          { last_event_at: { $lte: staleBefore } },
        ],
      },
    ],
  }
}

export type PollCandidate = {
  id: string
  status: string
  tracking_number?: string | null
  carrier?: string | null
  tracking_status?: string | null
  delivered_applied_at?: Date | string | null
  last_event_at?: Date | string | null
  next_poll_at?: Date | string | null
  created_at: Date | string
}

const ms = (v: Date | string | null | undefined): number | null =>
  v ? new Date(v).getTime() : null

/** The same rule as pollDueFilter, for one row (tests, and a second look before asking). */
export function isPollDue(
  s: PollCandidate,
  now: Date,
  settings: PollSettings,
  postalPaused: boolean
): boolean {
  const t = now.getTime()
  const created = ms(s.created_at)!
  const lastEvent = ms(s.last_event_at)
  const nextPoll = ms(s.next_poll_at)
  return (
    s.status === "created" &&
    !!s.tracking_number &&
    !s.delivered_applied_at &&
    s.tracking_status !== "Delivered" &&
    !(postalPaused && s.carrier === "POSTAL") &&
    created >= t - MAX_POLL_AGE_DAYS * DAY &&
    (nextPoll === null || nextPoll <= t) &&
    (lastEvent ?? created) <= t - settings.staleAfterMinutes * MINUTE
  )
}

/** Delay before the next poll after `failures` failed polls in a row (1 → base). */
export function pollBackoffMs(failures: number): number {
  const n = Math.max(1, Math.floor(failures))
  return Math.min(
    POLL_BACKOFF.maxMs,
    POLL_BACKOFF.baseMs * 2 ** Math.min(n - 1, 30)
  )
}

export type PollUpdate = { next_poll_at: Date; poll_failures: number }

export function afterPollSuccess(
  now: Date,
  settings: PollSettings
): PollUpdate {
  return {
    next_poll_at: new Date(now.getTime() + settings.staleAfterMinutes * MINUTE),
    poll_failures: 0,
  }
}

export function afterPollFailure(
  now: Date,
  previousFailures: number | null | undefined,
  retryAfterMs?: number
): PollUpdate {
  const failures = (previousFailures ?? 0) + 1
  const delay = Math.max(pollBackoffMs(failures), retryAfterMs ?? 0)
  return {
    next_poll_at: new Date(now.getTime() + delay),
    poll_failures: failures,
  }
}

/**
 * What a failed poll says: `auth` (bad credentials: every poll would fail), `outage` (the
 * service is down, throttling or unreachable), or `shipment` (something about this parcel, for
 * example 404: not known yet).
 */
export type PollErrorKind = "auth" | "outage" | "shipment"

export function pollErrorKind(error: unknown): PollErrorKind {
  if (
    error instanceof ShippingAuthenticationError ||
    error instanceof ShippingForbiddenError
  )
    return "auth"
  if (
    error instanceof ShippingNetworkError ||
    error instanceof ShippingUnavailableError ||
    error instanceof ShippingServerError ||
    error instanceof ShippingRateLimitedError
  ) {
    return "outage"
  }
  if (error instanceof ShippingApiError) return "shipment"
  return "outage"
}

/**
 * Whether the sweep should stop asking: at once on `auth`, and after a run of `outage` failures.
 * Shipments not asked about stay due and are picked up by the next sweep; only those actually
 * asked back off.
 */
export function sweepShouldStop(
  kind: PollErrorKind,
  outageFailuresInARow: number
): boolean {
  return (
    kind === "auth" ||
    (kind === "outage" &&
      outageFailuresInARow >= SWEEP_STOP_AFTER_OUTAGE_FAILURES)
  )
}
