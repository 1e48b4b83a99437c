import type { ShipmentRecord, Address } from "../state/model"
import type { TimelineEvent } from "./scenarios"
import {
  hubOf,
  localDateTime,
  placeOf,
  utcOffsetOf,
  type Location,
} from "./locations"
import { STEPS, type Place } from "./scenarios"

/** Doc 3 Event: every field, all strings. */
export type TrackingEvent = {
  standardizedEventCode: string
  standardizedEventDescription: string
  l1Code: string
  l1Description: string
  eventDate: string
  eventTime: string
  eventTimeOffset: string
  trackingUrl: string
  latitude: string
  longitude: string
  locationUnit: string
  eventLeg: string
  eventType: string
  authorizedAgent: string
  scanType: string
  scanDescription: string
  eventDescription: string
  packageStatus: string
  l2Description: string
  eventCity: string
  eventStateOrProvince: string
  postalCode: string
  country: string
}

export function addressesOf(s: ShipmentRecord): { from: Address; to: Address } {
  return {
    from: (s.response.fromAddress ?? {}) as Address,
    to: (s.response.toAddress ?? {}) as Address,
  }
}

function locationOf(s: ShipmentRecord, place: Place): Location {
  const { from, to } = addressesOf(s)
  switch (place) {
    case "origin":
      return placeOf(from)
    case "originHub":
      return hubOf(from)
    case "destinationHub":
      return hubOf(to)
    case "destination":
      return placeOf(to)
  }
}

/** Cross-border parcels report first-mile scans on the origin side and last-mile on the other. */
function legOf(s: ShipmentRecord, place: Place): string {
  if (s.carrier !== "XBORDER") return "DOMESTIC"
  return place === "origin" || place === "originHub"
    ? "FIRST_MILE"
    : "LAST_MILE"
}

export function trackingPageUrl(
  origin: string,
  trackingNumber: string
): string {
  return `${origin}/track/${encodeURIComponent(trackingNumber)}`
}

/** The doc 3 Event of one timeline entry. All times use the destination's offset. */
export function buildEvent(
  s: ShipmentRecord,
  e: TimelineEvent,
  origin: string
): TrackingEvent {
  const step = STEPS[e.step]
  const where = locationOf(s, step.place)
  const offset = utcOffsetOf(addressesOf(s).to)
  const { date, time } = localDateTime(e.at, offset)
  return {
    standardizedEventCode: step.code,
    standardizedEventDescription: step.description,
    l1Code: step.code,
    l1Description: step.description,
    eventDate: date,
    eventTime: time,
    eventTimeOffset: offset,
    trackingUrl: trackingPageUrl(origin, s.parcelTrackingNumber),
    latitude: where.lat.toFixed(4),
    longitude: where.lon.toFixed(4),
    locationUnit: step.place.endsWith("Hub")
      ? "FACILITY"
      : step.lockerEvent
        ? "PARCEL_LOCKER"
        : step.place === "origin"
          ? "ORIGIN"
          : "DELIVERY_UNIT",
    eventLeg: legOf(s, step.place),
    eventType: step.eventType,
    authorizedAgent: step.status === "Delivered" ? "true" : "false",
    scanType: step.scanType,
    scanDescription: step.scanDescription,
    eventDescription: step.scanDescription,
    packageStatus: step.status,
    l2Description: step.detail,
    eventCity: where.city,
    eventStateOrProvince: where.state,
    postalCode: where.postalCode,
    country: where.country,
  }
}

/** Stable across duplicate deliveries, so a receiver can deduplicate by it. */
export function eventIdOf(s: ShipmentRecord, index: number): string {
  return `${s.parcelTrackingNumber}-${String(index + 1).padStart(2, "0")}`
}
