/** A shipment's tracking summary: what the admin and the shopper see of its timeline. */
export type TrackingSummary = {
  tracking_status?: string | null
  tracking_status_at?: Date | string | null
  last_event_at?: Date | string | null
  next_poll_at?: Date | string | null
}

const instant = (d: Date | string | null | undefined): number | null =>
  d === null || d === undefined ? null : new Date(d).getTime()

/**
 * Whether writing `next` over `current` would change nothing. Most applies of a burst find every
 * event already applied by the run before (that run linked and applied the events stored while it
 * started): the summary is the same, and the record is skipped. `next_poll_at` counts only when
 * `next` sets it (a delivered parcel's polling stops: null).
 */
export function summaryUnchanged(
  current: TrackingSummary,
  next: TrackingSummary
): boolean {
  return (
    (current.tracking_status ?? null) === (next.tracking_status ?? null) &&
    instant(current.tracking_status_at) === instant(next.tracking_status_at) &&
    instant(current.last_event_at) === instant(next.last_event_at) &&
    (!("next_poll_at" in next) ||
      instant(current.next_poll_at) === instant(next.next_poll_at))
  )
}
