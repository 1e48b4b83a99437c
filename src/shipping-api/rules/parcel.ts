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
} from "./read"
import { mustBeOneOf, reportWhen } from "./shapes"
import { defineRule, type ShipmentDraft } from "./types"

const IS_RECTANGULAR = SHIPMENT_OPTION.isRectangular

/** Longest side plus 2 * the other two; an irregular girth, when given, replaces the computed one. */
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

/** In inches, when the sides are given. */
export function parcelLengthPlusGirth(s: ShipmentDraft): number | undefined {
  const sides = sortedSides(s)
  return (
    sides &&
    lengthPlusGirth(sides, num(s.parcel?.dimension?.irregularParcelGirth))
  )
}

function maxLengthPlusGirth(s: ShipmentDraft): number {
  return serviceId(s) === PARCEL_SELECT_SERVICE_ID
    ? LIMITS.lengthPlusGirthParcelSelectIn
    : LIMITS.lengthPlusGirthIn
}

const BOTH = ["create", "rates"] as const

export const PARCEL_RULES = [
  mustBeOneOf({
    id: "parcel.weight.unitOfMeasurement.oz",
    source: SOURCE.parcel,
    description:
      "postal (expedited) and carrier-account parcels are weighed in OZ",
    variants: ["carrier-account", "expedited"],
    operations: BOTH,
    path: "parcel.weight.unitOfMeasurement",
    read: (s) => s.parcel?.weight?.unitOfMeasurement,
    allowed: [POSTAL_WEIGHT_UNIT],
  }),
  mustBeOneOf({
    id: "parcel.dimension.unitOfMeasurement.in",
    source: SOURCE.parcel,
    description:
      "expedited and standard dimensions are in IN (upper case; lower-case `in` is a cross-border spelling)",
    variants: ["expedited", "standard"],
    operations: BOTH,
    path: "parcel.dimension.unitOfMeasurement",
    read: (s) => s.parcel?.dimension?.unitOfMeasurement,
    allowed: [DIMENSION_UNIT],
  }),
  reportWhen({
    id: "parcel.dimension.standard-required",
    source: SOURCE.perVariant,
    description: "standard delivery needs parcel.dimension",
    variants: ["standard"],
    operations: BOTH,
    when: (s) => s.parcel !== undefined && s.parcel.dimension === undefined,
    path: "parcel.dimension",
    message: "dimension is required for standard delivery",
  }),
  mustBeOneOf({
    id: "rates.parcelType.pkg",
    source: SOURCE.perVariant,
    description: "standard delivery and cross-border use parcelType PKG",
    variants: ["standard", "cross-border"],
    operations: BOTH,
    path: "rates[0].parcelType",
    read: parcelType,
    allowed: ["PKG"],
  }),
  reportWhen({
    id: "parcel.length-plus-girth",
    source: SOURCE.limits,
    description: `length plus girth is at most ${LIMITS.lengthPlusGirthIn} in (${LIMITS.lengthPlusGirthParcelSelectIn} for Parcel Select); girth = 2 * (height + width), length the longest side`,
    variants: VARIANTS,
    operations: BOTH,
    when: (s) => (parcelLengthPlusGirth(s) ?? 0) > maxLengthPlusGirth(s),
    path: "parcel.dimension",
    message: (s) =>
      `length plus girth is ${parcelLengthPlusGirth(s)} in; at most ${maxLengthPlusGirth(s)}`,
  }),
  defineRule({
    id: "parcel.soft-pack.limits",
    source: SOURCE.limits,
    description: `a soft pack (parcelType SOFTPACK) has longest plus next-longest side at most ${LIMITS.softPack.longestPlusNextIn} in, longest at most ${LIMITS.softPack.longestIn}, smallest at most ${LIMITS.softPack.smallestIn}`,
    variants: VARIANTS,
    operations: BOTH,
    test(s, _ctx, report) {
      if (parcelType(s) !== SOFT_PACK_PARCEL_TYPE) return
      const sides = sortedSides(s)
      if (!sides) {
        report("parcel.dimension", "a soft pack needs its dimensions")
        return
      }
      const [longest, next, smallest] = sides
      const { longestPlusNextIn, longestIn, smallestIn } = LIMITS.softPack
      for (const [what, size, max] of [
        ["longest plus next-longest side", longest + next, longestPlusNextIn],
        ["longest side", longest, longestIn],
        ["smallest side", smallest, smallestIn],
      ] as const)
        if (size > max)
          report("parcel.dimension", `${what} is ${size} in; at most ${max}`)
    },
  }),
  reportWhen({
    id: "shipment-options.IS_RECTANGULAR.irregular-girth",
    source: SOURCE.shipmentOptions,
    description:
      "standard delivery with irregularParcelGirth sends IS_RECTANGULAR=false",
    variants: ["standard"],
    // The service returns a girth of 0 when unused.
    when: (s) =>
      (num(s.parcel?.dimension?.irregularParcelGirth) ?? 0) > 0 &&
      option(s, IS_RECTANGULAR)?.toLowerCase() !== "false",
    path: (s) => optionPath(s, IS_RECTANGULAR),
    message: "IS_RECTANGULAR must be false when irregularParcelGirth is given",
  }),
]
