import { carrierToWire } from "../../../../src/shipping-api/client/carrier-codes"
import type { CarrierCodes } from "../../../../src/shipping-api/rules/types"
import type { ShipmentRecord } from "../state/model"
import {
  buildEvent,
  eventIdOf,
  addressesOf,
  type TrackingEvent,
} from "../tracking/events"
import { localDateTime, utcOffsetOf } from "../tracking/locations"

/** Doc 4 payloads. Tracking: the doc 3 Event plus who and what it is about. */
export type TrackingNotification = {
  trackingNumber: string
  carrier: string
  status: string
  eventId: string
} & TrackingEvent

export type LockerNotification = {
  event: string
  trackingNumber: string
  lockerId: string
  eventDate: string
  eventTime: string
}

export function trackingNotification(
  s: ShipmentRecord,
  index: number,
  origin: string,
  carrierCodes: CarrierCodes = {}
): TrackingNotification {
  const event = buildEvent(s, s.timeline[index]!, origin)
  return {
    trackingNumber: s.parcelTrackingNumber,
    carrier: carrierToWire(s.carrier, carrierCodes),
    status: event.packageStatus,
    eventId: eventIdOf(s, index),
    ...event,
  }
}

export function lockerNotification(
  s: ShipmentRecord,
  index: number
): LockerNotification {
  const e = s.timeline[index]!
  const to = addressesOf(s).to
  const { date, time } = localDateTime(e.at, utcOffsetOf(to))
  const zip = (to.postalCode ?? "00000").replace(/\W/g, "").slice(0, 5)
  return {
    event: e.lockerEvent!,
    trackingNumber: s.parcelTrackingNumber,
    lockerId: `LKR-${zip}-01`,
    eventDate: date,
    eventTime: time,
  }
}
