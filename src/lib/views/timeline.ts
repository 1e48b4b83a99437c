import { sortTimeline } from "../tracking/plan"
import {
  IMPLAUSIBLE_OUTCOME,
  type Implausibility,
} from "../tracking/plausibility"

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
  /** An implausible date's words when it moved nothing for that. */
  outcome?: string | null
}

/** The carrier's local date, time and offset (doc 3) and the instant, so a page can show either. */
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

/** Why it counted for nothing when its date was impossible. */
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

/** Also notifications from before the row was matched; by event time (deliveries arrive out of order). */
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

/** Only scans that count: a shopper would read "Delivered" under a parcel in transit (admins see it). */
export function publicTimeline(
  events: readonly StoredEvent[],
  ignored: ReadonlyMap<string, Implausibility> = new Map()
): TimelineEntry[] {
  return events.filter((e) => !ignored.has(e.id)).map(entryOf)
}
