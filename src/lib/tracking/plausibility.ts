/**
 * Whether a tracking event may move an order: one dated before its label or after it reached us
 * (a `Delivered` of 1970) is stored and shown, but moves nothing. The tolerances absorb clocks
 * minutes apart and doc 3 times without an offset (read as UTC: up to 12 h early, 14 h late).
 * The sandbox's events are judged on the sandbox's own clock (its control API moves it days
 * ahead), when the plugin's own calls — never an event — say the sandbox answered them.
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
