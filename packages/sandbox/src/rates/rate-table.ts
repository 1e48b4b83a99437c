import {
  CROSS_BORDER_CURRENCY_BY_ORIGIN,
  DIMENSION_UNIT,
  POSTAL_WEIGHT_UNIT,
  type Carrier,
} from "../../../../src/shipping-api/constants"
import { parcelLengthPlusGirth } from "../../../../src/shipping-api/rules/parcel"
import type { ShipmentDraft } from "../../../../src/shipping-api/rules/types"
import { toInches, toPounds } from "../../../../src/shipping-api/units"
import {
  customsValue,
  type ShipmentRequest,
  type SpecialService,
} from "../request"
import { serviceInfo } from "./services"

/**
 * The sandbox's price list: deterministic, so a test can predict a charge. Billed pounds are
 * the actual weight rounded up (or the dimensional weight when larger), the zone comes from the
 * first three digits of the two ZIP codes (9 = international), then:
 *   baseCharge = first pound + per pound after it + per zone above 1
 *   surcharges = FUEL (% of base, per carrier), LARGE_PACKAGE (length + girth > 84 in), RESIDENTIAL (CARRIER_A)
 *   fees       = special services (INS by declared value, hazmat, NOTIFICATIONS; DelCon free)
 *   totalCarrierCharge = baseCharge + surcharges + fees
 */
export type Rate = {
  carrier: string
  serviceId: string
  parcelType: string
  rateTypeId?: string
  specialServices: SpecialService[]
  baseCharge: number
  surcharges: { name: string; fee: number }[]
  totalCarrierCharge: number
  totalTaxAmount: number
  totalDutyAmount: number
  currencyCode: string
  inductionPostalCode?: string
  destinationZone: number
  dimensionalWeight?: { unitOfMeasurement: string; weight: number }
  deliveryCommitment?: DeliveryCommitment
}

export type DeliveryCommitment = {
  additionalDetails: string
  estimatedDeliveryDateTime: string
  guarantee: string
  minEstimatedNumberOfDays: string
  maxEstimatedNumberOfDays: string
}

const FUEL_PERCENT: Record<Carrier, number> = {
  CARRIER_A: 15.5,
  POSTAL: 0,
  STANDARD: 8,
  XBORDER: 6.5,
}
const LARGE_PACKAGE_FEE: Record<Carrier, number> = {
  CARRIER_A: 45,
  POSTAL: 4,
  STANDARD: 4,
  XBORDER: 12,
}
const LARGE_PACKAGE_INCHES = 84
const RESIDENTIAL_FEE = 5.1
/** Divisors of the dimensional weight (cubic inches per pound); postal only above one cubic foot. */
const DIM_DIVISOR: Record<Carrier, number> = {
  CARRIER_A: 139,
  POSTAL: 166,
  STANDARD: 166,
  XBORDER: 166,
}
/** Duty-paid cross-border classes collect duty and tax at print. */
const DUTY_PAID = new Set(["XBXPE", "XBXPS"])

const cents = (n: number) => Math.round(n * 100) / 100

/** The parcel's weight in pounds (a valid request's unit; OZ when none is given). */
export function parcelPounds(req: ShipmentRequest): number {
  const w = req.parcel?.weight
  return toPounds(
    Number(w?.weight) || 0,
    w?.unitOfMeasurement ?? POSTAL_WEIGHT_UNIT
  )
}

export function billedPounds(req: ShipmentRequest): number {
  return Math.max(1, Math.ceil(parcelPounds(req) - 1e-9))
}

function dimensionalPounds(
  req: ShipmentRequest,
  carrier: Carrier
): number | undefined {
  const d = req.parcel?.dimension
  if (!d) return undefined
  const cubic = [d.length, d.width, d.height].reduce<number>(
    (v, n) =>
      v * toInches(Number(n) || 0, d.unitOfMeasurement ?? DIMENSION_UNIT),
    1
  )
  if (carrier !== "CARRIER_A" && cubic <= 1728) return undefined
  return Math.ceil(cubic / DIM_DIVISOR[carrier])
}

export function zoneOf(req: ShipmentRequest): number {
  const from = req.fromAddress
  const to = req.toAddress
  const domestic = (c?: string) =>
    !c || c.toUpperCase() === "US" || c.toUpperCase() === "PR"
  if (!domestic(from?.countryCode) || !domestic(to?.countryCode)) return 9
  const o = Number((from?.postalCode ?? "").slice(0, 3))
  const d = Number((to?.postalCode ?? "").slice(0, 3))
  if (!Number.isFinite(o) || !Number.isFinite(d)) return 5
  const distance = Math.abs(o - d)
  const bands = [10, 50, 100, 200, 350, 500, 700]
  const band = bands.findIndex((b) => distance < b)
  return band === -1 ? 8 : band + 1
}

/** Special service fees; INS by declared value (INPUT_VALUE): 2.85 up to 100, then 1.20 per 100. */
export function specialServiceFee(s: SpecialService): number {
  switch (s.specialServiceId) {
    case "INS":
    case "Ins": {
      const value =
        Number(
          s.inputParameters?.find((p) => p.name === "INPUT_VALUE")?.value
        ) || 0
      return value <= 0
        ? 0
        : cents(2.85 + Math.max(0, Math.ceil((value - 100) / 100)) * 1.2)
    }
    case "hazmat":
      return 5
    case "hazmat-electronics":
      return 3.5
    case "NOTIFICATIONS":
      return 0.1
    default:
      return 0
  }
}

export function currencyOf(carrier: Carrier, req: ShipmentRequest): string {
  if (carrier !== "XBORDER") return "USD"
  return (
    CROSS_BORDER_CURRENCY_BY_ORIGIN[
      (req.fromAddress?.countryCode ?? "US").toUpperCase()
    ] ?? "USD"
  )
}

/** Business days after `from` (Saturday and Sunday skipped), at 20:00 UTC. */
export function addBusinessDays(from: number, days: number): Date {
  const d = new Date(from)
  let left = days
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1)
    const wd = d.getUTCDay()
    if (wd !== 0 && wd !== 6) left--
  }
  d.setUTCHours(20, 0, 0, 0)
  return d
}

export function deliveryCommitment(
  carrier: Carrier,
  serviceId: string,
  now: number
): DeliveryCommitment {
  const info = serviceInfo(carrier, serviceId)
  return {
    additionalDetails:
      info.guarantee === "FULL" ? "Delivery by end of day, guaranteed" : "",
    estimatedDeliveryDateTime: addBusinessDays(now, info.maxDays)
      .toISOString()
      .slice(0, 19),
    guarantee: info.guarantee,
    minEstimatedNumberOfDays: String(info.minDays),
    maxEstimatedNumberOfDays: String(info.maxDays),
  }
}

export type RateOptions = {
  serviceId: string
  includeDeliveryCommitment: boolean
  now: number
  chargeAtPrint?: boolean
}

/** Prices one service for a request; `chargeAtPrint: false` is standard delivery's label (no charge). */
export function rate(
  carrier: Carrier,
  req: ShipmentRequest,
  o: RateOptions
): Rate {
  const asked = req.rates?.[0]
  const info = serviceInfo(carrier, o.serviceId)
  const actual = billedPounds(req)
  const dim = dimensionalPounds(req, carrier)
  const pounds = Math.max(actual, dim ?? 0)
  const zone = zoneOf(req)
  const letter = asked?.parcelType === "LETTER" || asked?.parcelType === "FLAT"
  const ounces = Math.max(1, Math.ceil(parcelPounds(req) * 16 - 1e-9))
  const base = letter
    ? cents((asked?.parcelType === "FLAT" ? 1.5 : 0.73) + 0.24 * (ounces - 1))
    : cents(
        info.first +
          info.perLb * (pounds - 1) +
          info.perZone * (Math.min(zone, 8) - 1)
      )

  const surcharges: { name: string; fee: number }[] = []
  if (FUEL_PERCENT[carrier] > 0)
    surcharges.push({
      name: "FUEL",
      fee: cents((base * FUEL_PERCENT[carrier]) / 100),
    })
  const lpg = parcelLengthPlusGirth(req as ShipmentDraft)
  if (lpg !== undefined && lpg > LARGE_PACKAGE_INCHES)
    surcharges.push({ name: "LARGE_PACKAGE", fee: LARGE_PACKAGE_FEE[carrier] })
  if (carrier === "CARRIER_A" && req.toAddress?.residential)
    surcharges.push({ name: "RESIDENTIAL", fee: RESIDENTIAL_FEE })

  // Doc 2: cross-border ignores requested special services; the response may carry the free DelCon.
  const requested =
    carrier === "XBORDER"
      ? [{ specialServiceId: "DelCon", inputParameters: [] }]
      : (asked?.specialServices ?? [])
  const specialServices = requested.map((s) => ({
    ...s,
    inputParameters: s.inputParameters ?? [],
    fee: specialServiceFee(s),
  }))

  const goods = customsValue(req)
  const dutyPaid = carrier === "XBORDER" && DUTY_PAID.has(o.serviceId)
  let total = cents(
    base +
      surcharges.reduce((a, s) => a + s.fee, 0) +
      specialServices.reduce((a, s) => a + s.fee, 0)
  )
  const free = o.chargeAtPrint === false
  if (free) {
    total = 0
    for (const s of surcharges) s.fee = 0
    for (const s of specialServices) s.fee = 0
  }
  return {
    carrier,
    serviceId: o.serviceId,
    parcelType: asked?.parcelType ?? "PKG",
    ...(asked?.rateTypeId ? { rateTypeId: asked.rateTypeId } : {}),
    specialServices,
    baseCharge: free ? 0 : base,
    surcharges,
    totalCarrierCharge: total,
    totalTaxAmount: dutyPaid ? cents(goods * 0.1) : 0,
    totalDutyAmount: dutyPaid ? cents(goods * 0.05) : 0,
    currencyCode: currencyOf(carrier, req),
    inductionPostalCode: req.fromAddress?.postalCode,
    destinationZone: zone,
    ...(dim !== undefined
      ? { dimensionalWeight: { unitOfMeasurement: "LB", weight: dim } }
      : {}),
    ...(o.includeDeliveryCommitment
      ? { deliveryCommitment: deliveryCommitment(carrier, o.serviceId, o.now) }
      : {}),
  }
}
