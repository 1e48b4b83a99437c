import { PACKAGE_STATUSES, type PackageStatus } from "../constants"
import { z } from "../zod"
import { respArray, respNumber, respObject, respString } from "./common"

// Tolerant on purpose: the service passes carrier data through; only the tracking number is required.

const str = respString
const num = respNumber

export const trackingAddressSchema = z.looseObject({
  name: str,
  address1: str,
  address2: str,
  address3: str,
  city: str,
  stateOrProvince: str,
  postalCode: str,
  country: str,
})

/** Doc 3 "Event": all strings. */
export const trackingEventSchema = z.looseObject({
  standardizedEventCode: str,
  standardizedEventDescription: str,
  l1Code: str,
  l1Description: str,
  eventDate: str,
  eventTime: str,
  eventTimeOffset: str,
  trackingUrl: str,
  latitude: str,
  longitude: str,
  locationUnit: str,
  eventLeg: str,
  eventType: str,
  authorizedAgent: str,
  scanType: str,
  scanDescription: str,
  eventDescription: str,
  packageStatus: str,
  l2Description: str,
  eventCity: str,
  eventStateOrProvince: str,
  postalCode: str,
  country: str,
})

/** Reused by the webhook notification. */
export const trackingEventShape = trackingEventSchema.shape

export const trackingDimensionSchema = z.looseObject({
  length: num,
  width: num,
  height: num,
  unitOfMeasurement: str,
})

export const trackingResponseSchema = z.looseObject({
  packageCount: num,
  reattemptDate: str,
  reattemptTime: str,
  signedBy: str,
  senderAddress: respObject(trackingAddressSchema.shape),
  requestedIdentifier: str,
  clientId: str,
  trackingNumber: z.string().min(1),
  referenceNumber: str,
  smartLabelBarcode: str,
  carrier: str,
  serviceName: str,
  serviceCode: str,
  estimatedDeliveryDate: str,
  estimatedDeliveryTime: str,
  estimatedDeliveryTimeOffset: str,
  weight: num,
  weightUOM: str,
  dimension: respObject(trackingDimensionSchema.shape),
  deliveryDate: str,
  deliveryTime: str,
  deliveryTimeOffset: str,
  deliveryProofUrl: str,
  shipDate: str,
  shipTime: str,
  shipTimeOffset: str,
  destinationAddress: respObject(trackingAddressSchema.shape),
  deliveryLocation: str,
  deliveryLocationDescription: str,
  scanDetailsList: respArray(trackingEventSchema),
  currentStatus: respObject(trackingEventSchema.shape),
  status: str,
  updatedDate: str,
  updatedTime: str,
  lastPackageStatusLocation: str,
})

export type TrackingEvent = z.output<typeof trackingEventSchema>
export type TrackingResponse = z.output<typeof trackingResponseSchema>

/** Some carriers send others, so responses keep `status` a string. */
export const packageStatusSchema = z.enum(
  PACKAGE_STATUSES as unknown as [PackageStatus, ...PackageStatus[]]
)

export function isPackageStatus(value: unknown): value is PackageStatus {
  return (
    typeof value === "string" &&
    (PACKAGE_STATUSES as readonly string[]).includes(value)
  )
}
