import { eventInstant } from "../tracking/event-time"

/** As the carrier said it (local date/time/offset) and as an instant. */
export type EstimatedDelivery = {
  date: string
  time: string | null
  offset: string | null
  at: string | null
  source: "tracking" | "commitment"
}

const text = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v.trim() : null

/** The tracking answer's estimate, else the label's delivery commitment (doc 2). */
export function estimatedDeliveryOf(shipment: {
  estimated_delivery?: unknown
  delivery_commitment?: unknown
}): EstimatedDelivery | null {
  const e = (shipment.estimated_delivery ?? null) as Record<
    string,
    unknown
  > | null
  if (e && typeof e === "object") {
    const date = text(e.date) ?? text(e.estimatedDeliveryDate)
    if (date && /^\d{4}-\d{2}-\d{2}/.test(date)) {
      const time = text(e.time) ?? text(e.estimatedDeliveryTime)
      const offset = text(e.offset) ?? text(e.estimatedDeliveryTimeOffset)
      const at = eventInstant(date.slice(0, 10), time, offset)
      return {
        date: date.slice(0, 10),
        time,
        offset,
        at: at ? at.toISOString() : null,
        source: "tracking",
      }
    }
  }
  const c = (shipment.delivery_commitment ?? null) as Record<
    string,
    unknown
  > | null
  const when =
    c && typeof c === "object" ? text(c.estimatedDeliveryDateTime) : null
  if (when && /^\d{4}-\d{2}-\d{2}/.test(when)) {
    const time = /T(\d{2}:\d{2}(:\d{2})?)/.exec(when)?.[1] ?? null
    const zone = /([+-]\d{2}:?\d{2}|Z)$/.exec(when)?.[1] ?? null
    const offset = zone === "Z" ? "+00:00" : zone
    const at = eventInstant(when.slice(0, 10), time, offset)
    return {
      date: when.slice(0, 10),
      time,
      offset,
      at: at ? at.toISOString() : null,
      source: "commitment",
    }
  }
  return null
}
