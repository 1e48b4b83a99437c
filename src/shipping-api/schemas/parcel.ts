import { z } from "../zod"
import { DIMENSION_UNIT, WEIGHT_UNITS } from "../constants"
import {
  currencyCode,
  notNegative,
  oneOfAnyCase,
  positive,
  respNumber,
  respObject,
  respString,
  SOURCE,
} from "./common"

/** Doc 2, Parcel: units in any case here (cross-border sends `lb`, `in`); rules demand exact ones. */
export const weightSchema = z.object({
  weight: z
    .number()
    .check(positive("parcel.weight.weight.positive", SOURCE.parcel)),
  unitOfMeasurement: z
    .string()
    .check(
      oneOfAnyCase(
        "parcel.weight.unitOfMeasurement.value",
        SOURCE.parcel,
        WEIGHT_UNITS
      )
    ),
})

const dimensionSide = z
  .number()
  .check(positive("dimension.side.positive", SOURCE.parcel))

export const dimensionSchema = z.object({
  length: dimensionSide,
  width: dimensionSide,
  height: dimensionSide,
  unitOfMeasurement: z
    .string()
    .check(
      oneOfAnyCase("dimension.unitOfMeasurement.value", SOURCE.parcel, [
        DIMENSION_UNIT,
      ])
    ),
  irregularParcelGirth: z
    .number()
    .check(
      notNegative("dimension.irregularParcelGirth.not-negative", SOURCE.parcel)
    )
    .optional(),
})
export type Dimension = z.output<typeof dimensionSchema>

export const parcelSchema = z.object({
  weight: weightSchema,
  dimension: dimensionSchema.optional(),
  currencyCode: currencyCode(
    "parcel.currencyCode.format",
    SOURCE.parcel
  ).optional(),
})
export type Parcel = z.output<typeof parcelSchema>

export const dimensionResponseSchema = z.looseObject({
  length: respNumber,
  width: respNumber,
  height: respNumber,
  unitOfMeasurement: respString,
  /** Returned as 0.0 when unused. */
  irregularParcelGirth: respNumber,
})

export const weightResponseSchema = z.looseObject({
  weight: respNumber,
  unitOfMeasurement: respString,
})

export const parcelResponseSchema = z.looseObject({
  weight: respObject(weightResponseSchema.shape),
  dimension: respObject(dimensionResponseSchema.shape),
  currencyCode: respString,
  valueOfGoods: respNumber,
})
