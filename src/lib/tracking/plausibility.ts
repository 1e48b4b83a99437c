/**
 * Whether a tracking event may move an order. A scan cannot happen before its label existed, nor
 * after it reached us: an event dated so (a `Delivered` of 1970-01-01 right after the label, a
 * date years ahead) is a fault of the sender's clock or data. It is stored and shown on the
 * timeline, but it changes neither the fulfillment nor the status shown as current.
 *
 * The tolerances absorb honest errors: clocks that disagree by minutes, and doc 3 times without
 * an offset, which are read as UTC and so land up to 12 hours early (UTC-12) or 14 hours late
 * (UTC+14). Pure.
 *
 * The local sandbox dates its events on a clock of its own, which its control API moves days
 * ahead at once and `--speed` runs fast. When the plugin's own calls were answered by the sandbox
 * (src/shipping-api/sandbox-identity.ts), its events are judged on that clock: the label's
 * creation as the sandbox answered it, and "ahead" against the sandbox's time now. Nothing in an
 * event or in the request that brought it can ask for that: the caller passes what the
 * plugin's own calls read.
 */

export type PlausibilityWindow = {
  /** How long before the label's creation an event may be dated. */
  beforeLabelHours: number
  /** How long after it arrived (was stored) an event may be dated. */
  aheadHours: number
}

export const DEFAULT_PLAUSIBILITY: PlausibilityWindow = {
  beforeLabelHours: 12,
  aheadHours: 24,
}

export type Implausibility = "before-label" | "ahead"

/** Words stored as the event's outcome, so admins can tell why it moved nothing. */
export const IMPLAUSIBLE_OUTCOME: Record<Implausibility, string> = {
  "before-label": "ignored: dated before the label was created",
  ahead: "ignored: dated after it arrived",
}

/** The verdict a stored outcome records: the reason it was ignored for, or null (it counted). */
export function implausibilityOfOutcome(
  outcome: string | null | undefined
): Implausibility | null {
  for (const [reason, words] of Object.entries(IMPLAUSIBLE_OUTCOME))
    if (outcome === words) return reason as Implausibility
  return null
}

const HOUR_MS = 3_600_000
const ms = (v: Date | string | null | undefined): number =>
  v ? new Date(v).getTime() : Number.NaN

/**
 * Why this event cannot move the order, or null when it can. An event without a date, or with
 * nothing to compare it with, is not judged.
 *
 * @param event its time (offset applied) and when it was stored (`created_at`; `now` stands in
 *   for an event not stored yet)
 * @param labelCreatedAt the label's creation on the clock that dates its events: the sandbox's
 *   when it made the label, else the shipment row's creation
 * @param sandboxNow the sandbox's clock now, read from the plugin's own calls, when the service is
 *   the sandbox: an event may be dated up to `aheadHours` after it, whenever it arrived
 */
export function implausibility(
  event: {
    occurred_at: Date | string | null
    created_at?: Date | string | null
  },
  labelCreatedAt: Date | string | null | undefined,
  window: PlausibilityWindow = DEFAULT_PLAUSIBILITY,
  now: Date = new Date(),
  sandboxNow?: Date | null
): Implausibility | null {
  const at = ms(event.occurred_at)
  if (Number.isNaN(at)) return null
  const label = ms(labelCreatedAt)
  if (!Number.isNaN(label) && at < label - window.beforeLabelHours * HOUR_MS)
    return "before-label"
  // The sandbox's clock only runs forward: its time now is at or after its time at the arrival.
  const arrived = sandboxNow
    ? sandboxNow.getTime()
    : Number.isNaN(ms(event.created_at))
      ? now.getTime()
      : ms(event.created_at)
  if (at > arrived + window.aheadHours * HOUR_MS) return "ahead"
  return null
}
