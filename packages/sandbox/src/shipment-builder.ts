import {
  CARRIER_OF_VARIANT,
  DIMENSION_UNIT,
  LABELLESS_SOLUTIONS,
  type Variant,
} from "../../../src/shipping-api/constants"
import { ceilTo, toInches } from "../../../src/shipping-api/units"
import { verifyPostalAddress } from "./address-validation"
import { parcelPounds, rate } from "./rates/rate-table"
import {
  customsValue,
  optionOf,
  type NameValue,
  type ShipmentRequest,
} from "./request"
import type { Account, ShipmentRecord } from "./state/model"
import {
  planTimeline,
  plannedDeliveryAt,
  type ScenarioName,
} from "./tracking/scenarios"
import type { World } from "./world"

export type CreateInput = {
  account: Account
  transactionId: string
  request: ShipmentRequest
  variant: Variant
  includeDeliveryCommitment: boolean
  scenario: ScenarioName
}

/** The shipment a valid create request makes: ids, charges, verified addresses, timeline. */
export function buildShipment(
  world: World,
  input: CreateInput
): ShipmentRecord {
  const { request: req, account } = input
  const carrier = CARRIER_OF_VARIANT[input.variant]
  const asked = req.rates?.[0] ?? {}
  const serviceId = asked.serviceId ?? ""
  const now = world.clock.now()
  const shipperId = optionOf(req, "SHIPPER_ID") ?? account.shipperId ?? ""
  const origin = (req.fromAddress?.countryCode ?? "US").toUpperCase()

  const shipmentId = world.ids.shipmentId(carrier)
  const trackingNumber = world.ids.trackingNumber(
    carrier,
    serviceId,
    origin,
    shipperId
  )

  const postal = carrier === "POSTAL" || carrier === "STANDARD"
  const minimal = optionOf(req, "MINIMAL_ADDRESS_VALIDATION") === "true"
  const fromAddress = postal
    ? verifyPostalAddress(req.fromAddress, minimal)
    : req.fromAddress
  const toAddress = postal
    ? verifyPostalAddress(req.toAddress, minimal)
    : req.toAddress

  // Doc 2: standard delivery has no charge at print (the rates operation still prices it).
  const charged = rate(carrier, req, {
    serviceId,
    includeDeliveryCommitment: input.includeDeliveryCommitment,
    now,
    chargeAtPrint: carrier !== "STANDARD",
  })

  const zip5 = (toAddress?.postalCode ?? "").replace(/\D/g, "").slice(0, 5)
  const smartLabelBarcode =
    carrier === "STANDARD" ? `420${zip5}${trackingNumber}` : undefined
  const solution = optionOf(req, "DELIVERY_SOLUTION")
  const printsLabel = !(
    carrier === "XBORDER" &&
    solution &&
    LABELLESS_SOLUTIONS.includes(solution)
  )

  const dimension = req.parcel?.dimension
  const response: Record<string, unknown> = {
    ...req,
    fromAddress,
    toAddress,
    parcel: {
      ...req.parcel,
      ...(dimension
        ? {
            dimension: {
              ...dimension,
              irregularParcelGirth: dimension.irregularParcelGirth ?? 0.0,
            },
          }
        : {}),
      ...(carrier === "XBORDER" ? { valueOfGoods: customsValue(req) } : {}),
    },
    rates: [charged],
    shipmentOptions: [
      ...(req.shipmentOptions ?? []),
      ...responseOptions(
        carrier,
        shipmentId,
        trackingNumber,
        smartLabelBarcode,
        req
      ),
    ],
    ...(req.customs
      ? {
          customs: {
            ...req.customs,
            customsInfo: {
              freightCharge: 0,
              handlingCosts: 0,
              otherCharge: 0,
              packingCosts: 0,
              ...req.customs.customsInfo,
            },
          },
        }
      : {}),
    shipmentId,
    parcelTrackingNumber: trackingNumber,
  }
  delete response.documents

  const timeline = planTimeline(input.scenario, now)
  return {
    shipmentId,
    parcelTrackingNumber: trackingNumber,
    apiKey: account.apiKey,
    carrier,
    variant: input.variant,
    serviceId,
    parcelType: asked.parcelType ?? "PKG",
    transactionId: input.transactionId,
    createdAt: now,
    state: "created",
    isReturn: !!req.shipmentType && /return/i.test(req.shipmentType),
    addToManifest: optionOf(req, "ADD_TO_MANIFEST") === "true",
    reprints: 0,
    response,
    documents: printsLabel ? (req.documents ?? []) : [],
    totalCarrierCharge: charged.totalCarrierCharge,
    currencyCode: charged.currencyCode,
    scenario: input.scenario,
    timeline,
    emitted: 0,
    estimatedDeliveryAt: plannedDeliveryAt(now),
    // Tracking reports weight and size as declared, rounded up like every declared measure.
    weightLb: ceilTo(parcelPounds(req), 2),
    ...(dimension
      ? {
          dimension: {
            length: toInches(
              Number(dimension.length) || 0,
              dimension.unitOfMeasurement ?? DIMENSION_UNIT,
              1
            ),
            width: toInches(
              Number(dimension.width) || 0,
              dimension.unitOfMeasurement ?? DIMENSION_UNIT,
              1
            ),
            height: toInches(
              Number(dimension.height) || 0,
              dimension.unitOfMeasurement ?? DIMENSION_UNIT,
              1
            ),
            unitOfMeasurement: DIMENSION_UNIT,
          },
        }
      : {}),
    ...(req.references?.[0]?.value
      ? { referenceNumber: req.references[0].value }
      : {}),
    ...(smartLabelBarcode ? { smartLabelBarcode } : {}),
  }
}

/** Doc 2: options that "appear in responses", where they mean something for this carrier. */
function responseOptions(
  carrier: string,
  shipmentId: string,
  trackingNumber: string,
  barcode: string | undefined,
  req: ShipmentRequest
): NameValue[] {
  const out: NameValue[] = []
  const has = (name: string) =>
    req.shipmentOptions?.some((o) => o.name === name)
  if (carrier === "STANDARD") {
    out.push({ name: "PARCEL_TRACKING_ID", value: trackingNumber })
    if (barcode)
      out.push({ name: "PARCEL_TRACKING_BARCODEVALUE", value: barcode })
  } else {
    out.push({ name: "LABEL_ID", value: `${shipmentId}-1` })
  }
  if (!has("HIDE_TOTAL_CARRIER_CHARGE"))
    out.push({ name: "HIDE_TOTAL_CARRIER_CHARGE", value: "false" })
  return out
}
