import { serviceInfo } from "../rates/services"
import type { ShipmentRecord } from "../state/model"
import {
  addressesOf,
  buildEvent,
  trackingPageUrl,
  type TrackingEvent,
} from "./events"
import { localDateTime, utcOffsetOf } from "./locations"

/**
 * Doc 3 tracking response of a shipment at sandbox time `now`. scanDetailsList is NEWEST FIRST,
 * so scanDetailsList[0], currentStatus and status always describe the same event.
 */
export function trackingResponse(
  s: ShipmentRecord,
  now: number,
  origin: string,
  requestedIdentifier: string,
  clientId: string | undefined
): Record<string, unknown> {
  const visible: TrackingEvent[] = []
  for (const e of s.timeline)
    if (e.at <= now) visible.push(buildEvent(s, e, origin))
  visible.reverse()
  const current = visible[0] ?? null
  const { to } = addressesOf(s)
  const offset = utcOffsetOf(to)
  const estimated = localDateTime(s.estimatedDeliveryAt, offset)
  const shipped = localDateTime(s.createdAt, offset)
  const status = current?.packageStatus ?? null
  const delivered = visible.find(
    (e) => e.packageStatus === "Delivered" || e.packageStatus === "PickedUp"
  )
  const reattempt =
    status === "DeliveryAttempt"
      ? s.timeline.find((e) => e.at > now && e.status === "OutForDelivery")
      : undefined
  const reattemptAt = reattempt
    ? localDateTime(reattempt.at, offset)
    : undefined
  const service = serviceInfo(s.carrier, s.serviceId)
  const page = trackingPageUrl(origin, s.parcelTrackingNumber)
  const lines = to.addressLines ?? []
  return {
    packageCount: 1,
    reattemptDate: reattemptAt?.date ?? null,
    reattemptTime: reattemptAt?.time ?? null,
    signedBy:
      delivered?.packageStatus === "Delivered" ? signature(to.name) : null,
    senderAddress: {
      name: null,
      address1: null,
      address2: null,
      address3: null,
      city: null,
      stateOrProvince: null,
      postalCode: null,
      country: null,
    },
    requestedIdentifier,
    clientId: clientId ?? null,
    trackingNumber: s.parcelTrackingNumber,
    referenceNumber: s.referenceNumber ?? null,
    smartLabelBarcode: s.smartLabelBarcode ?? null,
    carrier: s.carrier,
    serviceName: service.name,
    serviceCode: s.serviceId,
    estimatedDeliveryDate: estimated.date,
    estimatedDeliveryTime: estimated.time,
    estimatedDeliveryTimeOffset: offset,
    weight: s.weightLb,
    weightUOM: "LBS",
    dimension: s.dimension ?? null,
    deliveryDate: delivered?.eventDate ?? null,
    deliveryTime: delivered?.eventTime ?? null,
    deliveryTimeOffset: delivered?.eventTimeOffset ?? null,
    deliveryProofUrl: delivered ? `${page}?proof=1` : null,
    shipDate: shipped.date,
    shipTime: shipped.time,
    shipTimeOffset: offset,
    destinationAddress: {
      name: to.name ?? null,
      address1: lines[0] ?? null,
      address2: lines[1] ?? null,
      address3: lines[2] ?? null,
      city: to.cityTown ?? null,
      stateOrProvince: to.stateProvince ?? null,
      postalCode: to.postalCode ?? null,
      country: to.countryCode ?? null,
    },
    deliveryLocation: delivered
      ? delivered.packageStatus === "PickedUp"
        ? "PARCEL LOCKER"
        : "FRONT DOOR"
      : null,
    deliveryLocationDescription: delivered
      ? delivered.packageStatus === "PickedUp"
        ? "Collected from parcel locker"
        : "Left at front door/porch"
      : null,
    scanDetailsList: visible,
    currentStatus: current,
    status,
    updatedDate: current?.eventDate ?? null,
    updatedTime: current?.eventTime ?? null,
    lastPackageStatusLocation: current
      ? [current.eventCity, current.eventStateOrProvince, current.country]
          .filter(Boolean)
          .join(", ")
      : null,
  }
}

function signature(name: string | undefined): string | null {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean)
  if (!parts.length) return null
  return parts.length === 1
    ? parts[0]!.toUpperCase()
    : `${parts[0]![0]!.toUpperCase()} ${parts[parts.length - 1]!.toUpperCase()}`
}
