import {
  DEFAULT_PLAUSIBILITY,
  implausibility,
  implausibilityOfOutcome,
  type Implausibility,
  type PlausibilityWindow,
} from "./plausibility"
import {
  combinedProgress,
  pendingTransitions,
  progressOf,
  stepOfStatus,
  type FulfillmentProgress,
} from "./status"

export type TimelineEvent = {
  id: string
  package_status: string | null
  occurred_at: Date | string | null
  created_at?: Date | string | null
  kind?: "tracking" | "locker"
  processed_at?: Date | string | null
  /** What applying it did (stored with processed_at): an implausible date's words, or what moved. */
  outcome?: string | null
}

export type TrackingState = {
  /** `created_at` is the label's creation (the row is written just before the label is bought). */
  shipment: {
    id: string
    status: string
    tracking_status?: string | null
    created_at?: Date | string | null
    /** The sandbox's clock when it made the label; null when the real service made it. */
    sandbox_clock_at?: Date | string | null
  }
  /**
   * The Medusa fulfillment as it is now (the truth about shipped/delivered); "not-needed" when
   * it was not read because it cannot change the plan (see fulfillmentMatters).
   */
  fulfillment:
    | {
        shipped_at?: Date | string | null
        delivered_at?: Date | string | null
        canceled_at?: Date | string | null
      }
    | null
    | "not-needed"
  events: TimelineEvent[]
  /**
   * How far the fulfillment's other parcels (not voided) have got, when it has several: it is
   * shipped with the first parcel accepted and delivered with the last one delivered.
   */
  otherParcels?: readonly FulfillmentProgress[]
  /** Which dates may move the order. */
  plausibility?: PlausibilityWindow
  /** Stands in for the arrival of events not stored yet. */
  now?: Date
  /** The sandbox's clock now, when the sandbox answered the plugin's own calls: dates are judged on it. */
  sandboxNow?: Date | null
  /**
   * Take the verdict of an applied event from its stored outcome instead of judging its date
   * again: what the views do, so that they show what the apply path decided (one view of the
   * status); events not applied yet are judged as the apply path will judge them.
   */
  storedVerdicts?: boolean
}

/** What the shipment row says the plugin applied to Medusa already. */
export type AppliedState = {
  status: string
  shipped_applied_at?: Date | string | null
  delivered_applied_at?: Date | string | null
}

/**
 * Whether applying these events needs the Medusa fulfillment's state: only when the timeline
 * has got further than what this plugin applied already (a transition may be due, or was made
 * by someone else), or a new notice is to be announced (not for a canceled fulfillment). Most
 * deliveries need nothing from it: the label-created event (Manifest), and every scan in transit
 * after "shipped" was applied. Pure.
 */
export function fulfillmentMatters(
  shipment: AppliedState,
  events: readonly TimelineEvent[]
): boolean {
  if (shipment.status === "voided") return false
  const tracking = events.filter((e) => (e.kind ?? "tracking") === "tracking")
  if (
    tracking.some(
      (e) => !e.processed_at && stepOfStatus(e.package_status) === "notice"
    )
  )
    return true
  const progress = progressOf(tracking.map((e) => e.package_status))
  if (progress === "none") return false
  if (shipment.delivered_applied_at) return false
  return progress === "delivered" || !shipment.shipped_applied_at
}

export type TrackingPlan = {
  /** How far this parcel's own (plausible) timeline has got. */
  progress: FulfillmentProgress
  transitions: ("shipped" | "delivered")[]
  /** Status shown to admins and shoppers: the latest event's, but never back from Delivered. */
  tracking_status: string | null
  tracking_status_at: Date | null
  last_event_at: Date | null
  /** New (unprocessed) events whose status is a notice: announced as plugin events. */
  notices: { event_id: string; status: string }[]
  /** Events to mark processed. */
  processed_event_ids: string[]
  /** New events that are stored and shown but move nothing, and why (their dates are impossible). */
  implausible: { event_id: string; reason: Implausibility }[]
  /**
   * Events applied before whose verdict is not what their stored outcome says (judged again on a
   * fresher sandbox clock): ignored now for `reason`, or counting now (`null`).
   */
  rejudged: { event_id: string; reason: Implausibility | null }[]
  /** Every event, new or applied, that counts for nothing, and why (the views mark them). */
  ignored: { event_id: string; reason: Implausibility }[]
  /** Events, new or not, dated after they arrived: a fresher sandbox clock may judge them again. */
  ahead: number
  /** Why nothing moves in Medusa, when so. */
  skipped?: "voided" | "canceled" | "no-fulfillment"
}

const time = (v: Date | string | null | undefined): number =>
  v ? new Date(v).getTime() : Number.NaN

/** Timeline order: event time (offset applied), then arrival; events without a time go last. */
export function sortTimeline<T extends TimelineEvent>(
  events: readonly T[]
): T[] {
  return [...events].sort((a, b) => {
    const ta = time(a.occurred_at)
    const tb = time(b.occurred_at)
    if (Number.isNaN(ta) !== Number.isNaN(tb)) return Number.isNaN(ta) ? 1 : -1
    if (ta !== tb && !Number.isNaN(ta)) return ta - tb
    return time(a.created_at) - time(b.created_at) || a.id.localeCompare(b.id)
  })
}

/**
 * What applying a shipment's timeline to Medusa means now. Pure. Implausible events (dated
 * before the label or after they arrived) stay on the timeline but count for nothing: not for
 * the transitions, the status shown as current, the last event's time or the notices.
 */
export function planTrackingApply(state: TrackingState): TrackingPlan {
  const window = state.plausibility ?? DEFAULT_PLAUSIBILITY
  const labelAt = state.shipment.sandbox_clock_at ?? state.shipment.created_at
  const why = new Map<string, Implausibility>()
  for (const e of state.events) {
    const reason =
      (e.kind ?? "tracking") !== "tracking"
        ? null
        : state.storedVerdicts && e.processed_at
          ? implausibilityOfOutcome(e.outcome)
          : implausibility(e, labelAt, window, state.now, state.sandboxNow)
    if (reason) why.set(e.id, reason)
  }
  const timeline = sortTimeline(
    state.events.filter(
      (e) => (e.kind ?? "tracking") === "tracking" && !why.has(e.id)
    )
  )
  const statuses = timeline.map((e) => e.package_status)
  const progress = progressOf(statuses)
  const latest = [...timeline].reverse().find((e) => e.package_status)
  const delivered =
    progress === "delivered"
      ? [...timeline].reverse().find((e) => e.package_status === "Delivered")
      : undefined
  const shown = delivered ?? latest
  const unprocessed = state.events.filter((e) => !e.processed_at)
  const base = {
    progress,
    tracking_status:
      shown?.package_status ?? state.shipment.tracking_status ?? null,
    tracking_status_at: shown?.occurred_at ? new Date(shown.occurred_at) : null,
    last_event_at: timeline.length ? latestTime(timeline) : null,
    notices: unprocessed
      .filter(
        (e) =>
          (e.kind ?? "tracking") === "tracking" &&
          !why.has(e.id) &&
          stepOfStatus(e.package_status) === "notice"
      )
      .map((e) => ({ event_id: e.id, status: e.package_status as string })),
    processed_event_ids: unprocessed.map((e) => e.id),
    implausible: unprocessed
      .filter((e) => why.has(e.id))
      .map((e) => ({ event_id: e.id, reason: why.get(e.id)! })),
    rejudged: [] as TrackingPlan["rejudged"],
    ignored: [...why].map(([event_id, reason]) => ({ event_id, reason })),
    ahead: [...why.values()].filter((r) => r === "ahead").length,
  }
  if (state.shipment.status === "voided")
    return { ...base, transitions: [], skipped: "voided" }
  if (state.fulfillment === "not-needed")
    return { ...base, transitions: [], rejudged: rejudge(state.events, why) }
  if (!state.fulfillment)
    return { ...base, transitions: [], skipped: "no-fulfillment" }
  if (state.fulfillment.canceled_at)
    return { ...base, transitions: [], skipped: "canceled" }
  return {
    ...base,
    rejudged: rejudge(state.events, why),
    transitions: pendingTransitions(
      combinedProgress([progress, ...(state.otherParcels ?? [])]),
      {
        shipped: !!state.fulfillment.shipped_at,
        delivered: !!state.fulfillment.delivered_at,
      }
    ),
  }
}

/**
 * Applied events whose stored outcome no longer says today's verdict. Only for a shipment that
 * is not skipped: a skipped one's events keep the skip as their outcome (the label's state is
 * why nothing moved, whatever the dates).
 */
function rejudge(
  events: readonly TimelineEvent[],
  why: ReadonlyMap<string, Implausibility>
): TrackingPlan["rejudged"] {
  return events
    .filter((e) => e.processed_at && (e.kind ?? "tracking") === "tracking")
    .filter(
      (e) => implausibilityOfOutcome(e.outcome) !== (why.get(e.id) ?? null)
    )
    .map((e) => ({ event_id: e.id, reason: why.get(e.id) ?? null }))
}

function latestTime(events: readonly TimelineEvent[]): Date | null {
  let best = Number.NaN
  for (const e of events) {
    const t = time(e.occurred_at)
    if (!Number.isNaN(t) && (Number.isNaN(best) || t > best)) best = t
  }
  return Number.isNaN(best) ? null : new Date(best)
}
