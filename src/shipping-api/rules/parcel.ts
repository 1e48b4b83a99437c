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
import { setOption } from "./examples"
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
  examples: {
    pass: [{ note: "OZ", base: "expedited" }],
    fail: [
      {
        note: "LB on postal",
        base: "expedited",
        edit: (s) => (s.parcel!.weight!.unitOfMeasurement = "LB"),
      },
      {
        note: "lower-case oz on carrier-account",
        base: "carrier-account",
        edit: (s) => (s.parcel!.weight!.unitOfMeasurement = "oz"),
      },
    ],
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
  examples: {
    pass: [{ note: "IN", base: "standard" }],
    fail: [
      {
        note: "in",
        base: "expedited",
        edit: (s) => (s.parcel!.dimension!.unitOfMeasurement = "in"),
      },
    ],
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
  examples: {
    pass: [{ note: "with dimension" }],
    fail: [
      { note: "without dimension", edit: (s) => delete s.parcel!.dimension },
    ],
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
  examples: {
    pass: [
      { note: "PKG", base: "standard" },
      { note: "PKG", base: "cross-border" },
    ],
    fail: [
      {
        note: "FLAT on standard",
        base: "standard",
        edit: (s) => (s.rates![0].parcelType = "FLAT"),
      },
      {
        note: "FRE on cross-border",
        base: "cross-border",
        edit: (s) => (s.rates![0].parcelType = "FRE"),
      },
    ],
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
  examples: {
    pass: [
      {
        note: "108 exactly (40 + 2*(17+17))",
        base: "expedited",
        edit: (s) =>
          Object.assign(s.parcel!.dimension!, {
            length: 17,
            width: 40,
            height: 17,
          }),
      },
      {
        note: "Parcel Select up to 130",
        base: "expedited",
        edit: (s) => {
          s.rates![0].serviceId = "PS"
          Object.assign(s.parcel!.dimension!, {
            length: 50,
            width: 20,
            height: 20,
          })
        },
      },
    ],
    fail: [
      {
        note: "longest side given as height",
        base: "expedited",
        edit: (s) =>
          Object.assign(s.parcel!.dimension!, {
            length: 10,
            width: 10,
            height: 90,
          }),
      },
      {
        note: "irregular girth too big",
        base: "carrier-account",
        edit: (s) =>
          Object.assign(s.parcel!.dimension!, { irregularParcelGirth: 100 }),
      },
      {
        note: "Parcel Select above 130",
        base: "expedited",
        edit: (s) => {
          s.rates![0].serviceId = "PS"
          Object.assign(s.parcel!.dimension!, {
            length: 51,
            width: 20,
            height: 20,
          })
        },
      },
    ],
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
  examples: {
    pass: [
      {
        note: "18 x 18 x 2",
        base: "expedited",
        edit: (s) => {
          s.rates![0].parcelType = "SOFTPACK"
          Object.assign(s.parcel!.dimension!, {
            length: 18,
            width: 18,
            height: 2,
          })
        },
      },
    ],
    fail: [
      {
        note: "too thick",
        base: "expedited",
        edit: (s) => {
          s.rates![0].parcelType = "SOFTPACK"
          Object.assign(s.parcel!.dimension!, {
            length: 12,
            width: 9,
            height: 3,
          })
        },
      },
      {
        note: "no dimensions",
        base: "expedited",
        edit: (s) => {
          s.rates![0].parcelType = "SOFTPACK"
          delete s.parcel!.dimension
        },
      },
    ],
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
  examples: {
    pass: [
      { note: "no irregular girth" },
      {
        note: "irregular girth and IS_RECTANGULAR=false",
        edit: (s) => {
          s.parcel!.dimension!.irregularParcelGirth = 30
          setOption(s, "IS_RECTANGULAR", "false")
        },
      },
    ],
    fail: [
      {
        note: "irregular girth without the option",
        edit: (s) => (s.parcel!.dimension!.irregularParcelGirth = 30),
      },
      {
        note: "irregular girth with IS_RECTANGULAR=true",
        edit: (s) => {
          s.parcel!.dimension!.irregularParcelGirth = 30
          setOption(s, "IS_RECTANGULAR", "true")
        },
      },
    ],
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
