import { sortTimeline } from "../tracking/plan"
import {
  IMPLAUSIBLE_OUTCOME,
  type Implausibility,
} from "../tracking/plausibility"

/** A stored tracking event as the views read it (shipping_services_tracking_event). */
export type StoredEvent = {
  id: string
  shipment_id: string | null
  tracking_number: string
  kind: "tracking" | "locker"
  source: "webhook" | "poll"
  package_status: string | null
  event_code: string | null
  occurred_at: Date | string | null
  description: string | null
  location: string | null
  payload: unknown
  created_at?: Date | string | null
  processed_at?: Date | string | null
  /** What applying it did: an implausible date's words when it moved nothing for that. */
  outcome?: string | null
}

/**
 * One step of a parcel's journey as shoppers and admins read it: the local date, time and
 * offset the carrier reported (doc 3 Event eventDate/eventTime/eventTimeOffset) and the instant
 * with the offset applied, so a page can show either "as scanned" or in the reader's zone.
 */
export type TimelineEntry = {
  occurred_at: string | null
  date: string | null
  time: string | null
  offset: string | null
  status: string | null
  code: string | null
  description: string | null
  location: string | null
  kind: "tracking" | "locker"
}

/**
 * The admin's entry also tells where it came from, whether it is matched to the label yet, and
 * why it counted for nothing when its date was impossible (src/lib/tracking/plausibility.ts).
 */
export type AdminTimelineEntry = TimelineEntry & {
  id: string
  source: "webhook" | "poll"
  unmatched: boolean
  ignored: string | null
}

const text = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v.trim() : null
const iso = (v: Date | string | null | undefined): string | null =>
  v ? new Date(v).toISOString() : null

function entryOf(e: StoredEvent): TimelineEntry {
  const p = (
    e.payload && typeof e.payload === "object" ? e.payload : {}
  ) as Record<string, unknown>
  return {
    occurred_at: iso(e.occurred_at),
    date: text(p.eventDate),
    time: text(p.eventTime),
    offset: text(p.eventTimeOffset),
    status: e.package_status,
    code: e.event_code,
    description: e.description,
    location: e.location,
    kind: e.kind,
  }
}

/**
 * The events of one label: those matched to its shipment row, plus notifications that arrived
 * for its tracking number before the row was matched (the apply path links them later). Sorted
 * by event time (shared/spec/4: deliveries arrive out of order), oldest first.
 */
export function eventsOfShipment<T extends StoredEvent>(
  shipment: { id: string; tracking_number: string | null },
  events: readonly T[]
): T[] {
  return sortTimeline(
    events.filter(
      (e) =>
        e.shipment_id === shipment.id ||
        (!e.shipment_id &&
          !!shipment.tracking_number &&
          e.tracking_number === shipment.tracking_number)
    )
  )
}

export function adminTimeline(
  events: readonly StoredEvent[],
  ignored: ReadonlyMap<string, Implausibility> = new Map()
): AdminTimelineEntry[] {
  return events.map((e) => {
    const reason = ignored.get(e.id)
    return {
      id: e.id,
      source: e.source,
      unmatched: !e.shipment_id,
      ignored: reason ? IMPLAUSIBLE_OUTCOME[reason] : null,
      ...entryOf(e),
    }
  })
}

/**
 * The shopper's timeline: no ids, no internal sources, and only the scans that count. A scan
 * whose date was impossible moved nothing (its parcel's status is not its), so a shopper would
 * read a "Delivered" line under a parcel still in transit; admins see it, marked.
 */
export function publicTimeline(
  events: readonly StoredEvent[],
  ignored: ReadonlyMap<string, Implausibility> = new Map()
): TimelineEntry[] {
  return events.filter((e) => !ignored.has(e.id)).map(entryOf)
}
