import {
  DIMENSION_UNIT,
  LIMITS,
  PARCEL_SELECT_SERVICE_ID,
  POSTAL_WEIGHT_UNIT,
  SHIPMENT_OPTION,
  SOFT_PACK_PARCEL_TYPE,
  VARIANTS,
} from "../constants"
import { SOURCE } from "../schemas/common"
import {
  num,
  option,
  optionPath,
  parcelType,
  serviceId,
  sortedSides,
  str,
} from "./read"
import { defineRule, type ShipmentDraft } from "./types"

export const postalWeightUnitRule = defineRule({
  id: "parcel.weight.unitOfMeasurement.oz",
  source: SOURCE.parcel,
  description:
    "postal (expedited) and carrier-account parcels are weighed in OZ",
  variants: ["carrier-account", "expedited"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const unit = str(s.parcel?.weight?.unitOfMeasurement)
    if (unit !== undefined && unit !== POSTAL_WEIGHT_UNIT)
      report("parcel.weight.unitOfMeasurement", `must be ${POSTAL_WEIGHT_UNIT}`)
  },
})

export const inchesRule = defineRule({
  id: "parcel.dimension.unitOfMeasurement.in",
  source: SOURCE.parcel,
  description:
    "expedited and standard dimensions are in IN (upper case; lower-case `in` is a cross-border spelling)",
  variants: ["expedited", "standard"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const unit = str(s.parcel?.dimension?.unitOfMeasurement)
    if (unit !== undefined && unit !== DIMENSION_UNIT)
      report("parcel.dimension.unitOfMeasurement", `must be ${DIMENSION_UNIT}`)
  },
})

export const standardDimensionRule = defineRule({
  id: "parcel.dimension.standard-required",
  source: SOURCE.perVariant,
  description: "standard delivery needs parcel.dimension",
  variants: ["standard"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    if (s.parcel !== undefined && s.parcel.dimension === undefined)
      report("parcel.dimension", "dimension is required for standard delivery")
  },
})

export const packageTypeRule = defineRule({
  id: "rates.parcelType.pkg",
  source: SOURCE.perVariant,
  description: "standard delivery and cross-border use parcelType PKG",
  variants: ["standard", "cross-border"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const type = parcelType(s)
    if (type !== undefined && type !== "PKG")
      report("rates[0].parcelType", "must be PKG")
  },
})

/**
 * Length is the longest side and girth 2 * (the other two); an irregular girth, when given,
 * replaces the computed one (it exists because the box is not rectangular).
 */
export function lengthPlusGirth(
  sides: [number, number, number],
  irregularGirth?: number
): number {
  const [length, width, height] = sides
  return (
    length +
    (irregularGirth && irregularGirth > 0
      ? irregularGirth
      : 2 * (width + height))
  )
}

/** Length plus girth of a request's parcel in inches (its dimension unit), when its sides are given. */
export function parcelLengthPlusGirth(s: ShipmentDraft): number | undefined {
  const sides = sortedSides(s)
  return (
    sides &&
    lengthPlusGirth(sides, num(s.parcel?.dimension?.irregularParcelGirth))
  )
}

export const lengthPlusGirthRule = defineRule({
  id: "parcel.length-plus-girth",
  source: SOURCE.limits,
  description: `length plus girth is at most ${LIMITS.lengthPlusGirthIn} in (${LIMITS.lengthPlusGirthParcelSelectIn} for Parcel Select); girth = 2 * (height + width), length the longest side`,
  variants: VARIANTS,
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const total = parcelLengthPlusGirth(s)
    const max =
      serviceId(s) === PARCEL_SELECT_SERVICE_ID
        ? LIMITS.lengthPlusGirthParcelSelectIn
        : LIMITS.lengthPlusGirthIn
    if (total !== undefined && total > max)
      report(
        "parcel.dimension",
        `length plus girth is ${total} in; at most ${max}`
      )
  },
})

export const softPackRule = defineRule({
  id: "parcel.soft-pack.limits",
  source: SOURCE.limits,
  description: `a soft pack (parcelType SOFTPACK) has longest plus next-longest side at most ${LIMITS.softPack.longestPlusNextIn} in, longest at most ${LIMITS.softPack.longestIn}, smallest at most ${LIMITS.softPack.smallestIn}`,
  variants: VARIANTS,
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    if (parcelType(s) !== SOFT_PACK_PARCEL_TYPE) return
    const sides = sortedSides(s)
    if (!sides) {
      report("parcel.dimension", "a soft pack needs its dimensions")
      return
    }
    const [longest, next, smallest] = sides
    const { longestPlusNextIn, longestIn, smallestIn } = LIMITS.softPack
    if (longest + next > longestPlusNextIn)
      report(
        "parcel.dimension",
        `longest plus next-longest side is ${longest + next} in; at most ${longestPlusNextIn}`
      )
    if (longest > longestIn)
      report(
        "parcel.dimension",
        `longest side is ${longest} in; at most ${longestIn}`
      )
    if (smallest > smallestIn)
      report(
        "parcel.dimension",
        `smallest side is ${smallest} in; at most ${smallestIn}`
      )
  },
})

export const isRectangularRule = defineRule({
  id: "shipment-options.IS_RECTANGULAR.irregular-girth",
  source: SOURCE.shipmentOptions,
  description:
    "standard delivery with irregularParcelGirth sends IS_RECTANGULAR=false",
  variants: ["standard"],
  test(s, _ctx, report) {
    const girth = num(s.parcel?.dimension?.irregularParcelGirth)
    // 0 is what the service returns when unused, so it does not count as given.
    if (
      girth &&
      girth > 0 &&
      option(s, SHIPMENT_OPTION.isRectangular)?.toLowerCase() !== "false"
    ) {
      report(
        optionPath(s, SHIPMENT_OPTION.isRectangular),
        "IS_RECTANGULAR must be false when irregularParcelGirth is given"
      )
    }
  },
})

export const PARCEL_RULES = [
  postalWeightUnitRule,
  inchesRule,
  standardDimensionRule,
  packageTypeRule,
  lengthPlusGirthRule,
  softPackRule,
  isRectangularRule,
]
