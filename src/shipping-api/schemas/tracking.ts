import { PACKAGE_STATUSES, type PackageStatus } from "../constants"
import { z } from "../zod"
import { respArray, respNumber, respObject, respString } from "./common"

/**
 * Doc 3 tracking response. Tolerant on purpose: the service passes carrier data through, so
 * any field may be null or missing (senderAddress is documented as all nulls; nulls read as
 * absent, as in every response schema) and unknown fields are kept. Only the tracking number
 * is required: without it the answer is about nothing.
 */

const str = respString
const num = respNumber

/** Doc 3 "Tracking address". */
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

/** Event fields as a shape, so the webhook notification (doc 4) can reuse them. */
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

/** Doc 3 package statuses; some carriers send others, so responses keep `status` a string. */
export const packageStatusSchema = z.enum(
  PACKAGE_STATUSES as unknown as [PackageStatus, ...PackageStatus[]]
)

export function isPackageStatus(value: unknown): value is PackageStatus {
  return (
    typeof value === "string" &&
    (PACKAGE_STATUSES as readonly string[]).includes(value)
  )
}
