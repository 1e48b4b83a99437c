import type { Notification } from "../../shipping-api/schemas/notification"
import type { TrackingEvent } from "../../shipping-api/schemas/tracking"
import { dedupeKey } from "./dedupe-key"
import { eventInstant } from "./event-time"

/** A stored tracking event (shipping_services_tracking_event), as the module's writer takes it. */
export type EventRow = {
  dedupe_key: string
  kind: "tracking" | "locker"
  source: "webhook" | "poll"
  tracking_number: string
  package_status: string | null
  event_code: string | null
  occurred_at: Date | null
  description: string | null
  location: string | null
  reference_id: string | null
  payload: Record<string, unknown>
}

const text = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v.trim() : null

/** "City, ST 12345, US" from doc 3's Event location fields. */
export function locationOf(e: {
  eventCity?: unknown
  eventStateOrProvince?: unknown
  postalCode?: unknown
  country?: unknown
}): string | null {
  const region = [text(e.eventStateOrProvince), text(e.postalCode)]
    .filter(Boolean)
    .join(" ")
  const parts = [text(e.eventCity), region || null, text(e.country)].filter(
    Boolean
  )
  return parts.length ? parts.join(", ") : null
}

/** One row per notification of a webhook delivery (shared/spec/4). Pure. */
export function rowOfNotification(
  n: Notification,
  referenceId: string | null
): EventRow {
  if (n.kind === "locker") {
    return {
      dedupe_key: dedupeKey({
        kind: "locker",
        trackingNumber: n.trackingNumber,
        code: n.event,
        eventDate: n.eventDate,
        eventTime: n.eventTime,
      }),
      kind: "locker",
      source: "webhook",
      tracking_number: n.trackingNumber.trim(),
      package_status: null,
      event_code: n.event,
      occurred_at: eventInstant(n.eventDate, n.eventTime, null),
      description: `Locker ${n.event}${n.lockerId ? ` (${n.lockerId})` : ""}`,
      location: null,
      reference_id: referenceId,
      payload: { ...n },
    }
  }
  const status = text(n.packageStatus) ?? text(n.status)
  return {
    dedupe_key: dedupeKey({
      kind: "tracking",
      trackingNumber: n.trackingNumber,
      eventId: n.eventId,
      code: text(n.standardizedEventCode) ?? status,
      eventDate: n.eventDate,
      eventTime: n.eventTime,
      eventTimeOffset: n.eventTimeOffset,
    }),
    kind: "tracking",
    source: "webhook",
    tracking_number: n.trackingNumber.trim(),
    package_status: status,
    event_code: text(n.standardizedEventCode),
    occurred_at: eventInstant(n.eventDate, n.eventTime, n.eventTimeOffset),
    description:
      text(n.eventDescription) ??
      text(n.scanDescription) ??
      text(n.standardizedEventDescription) ??
      text(n.l1Description),
    location: locationOf(n),
    reference_id: referenceId,
    payload: { ...n },
  }
}

/** One row per scan of a tracking response (doc 3), for the polling fallback. Pure. */
export function rowOfScan(trackingNumber: string, e: TrackingEvent): EventRow {
  const status = text(e.packageStatus)
  return {
    dedupe_key: dedupeKey({
      kind: "tracking",
      trackingNumber,
      code: text(e.standardizedEventCode) ?? status,
      eventDate: e.eventDate,
      eventTime: e.eventTime,
      eventTimeOffset: e.eventTimeOffset,
    }),
    kind: "tracking",
    source: "poll",
    tracking_number: trackingNumber,
    package_status: status,
    event_code: text(e.standardizedEventCode),
    occurred_at: eventInstant(e.eventDate, e.eventTime, e.eventTimeOffset),
    description:
      text(e.eventDescription) ??
      text(e.scanDescription) ??
      text(e.standardizedEventDescription) ??
      text(e.l1Description),
    location: locationOf(e),
    reference_id: null,
    payload: { ...e, trackingNumber },
  }
}
