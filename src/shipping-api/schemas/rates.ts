import { z } from "../zod"
import { RATE_TYPE_IDS, REQUEST_PARCEL_TYPES } from "../constants"
import {
  nameValueSchema,
  nonEmpty,
  respArray,
  respNameValue,
  respNumber,
  respObject,
  respString,
  SOURCE,
} from "./common"

export const specialServiceSchema = z.object({
  specialServiceId: z
    .string()
    .check(
      nonEmpty("special-service.specialServiceId.not-empty", SOURCE.rates)
    ),
  inputParameters: z.array(nameValueSchema).optional(),
})
export type SpecialService = z.output<typeof specialServiceSchema>

/** The carrier value is checked by a rule (it may be mapped). */
export const ratesEntrySchema = z.object({
  carrier: z.string().check(nonEmpty("rates.carrier.not-empty", SOURCE.rates)),
  serviceId: z
    .string()
    .check(nonEmpty("rates.serviceId.not-empty", SOURCE.rates)),
  parcelType: z.enum(REQUEST_PARCEL_TYPES),
  rateTypeId: z.enum(RATE_TYPE_IDS).optional(),
  specialServices: z.array(specialServiceSchema).optional(),
})
export type RatesEntry = z.output<typeof ratesEntrySchema>

/** Doc 4 Rates: "Omitting serviceId rates every service of that carrier". */
export const ratesQueryEntrySchema = ratesEntrySchema.extend({
  serviceId: ratesEntrySchema.shape.serviceId.optional(),
})

export const specialServiceResponseSchema = z.looseObject({
  specialServiceId: respString,
  inputParameters: respArray(respNameValue),
  fee: respNumber,
})

export const surchargeResponseSchema = z.looseObject({
  name: respString,
  fee: respNumber,
})

export const deliveryCommitmentResponseSchema = z.looseObject({
  additionalDetails: respString,
  estimatedDeliveryDateTime: respString,
  guarantee: respString,
  minEstimatedNumberOfDays: respString,
  maxEstimatedNumberOfDays: respString,
})

export const ratesResponseEntrySchema = z.looseObject({
  carrier: respString,
  serviceId: respString,
  parcelType: respString,
  rateTypeId: respString,
  specialServices: respArray(specialServiceResponseSchema),
  baseCharge: respNumber,
  totalCarrierCharge: respNumber,
  totalTaxAmount: respNumber,
  totalDutyAmount: respNumber,
  currencyCode: respString,
  surcharges: respArray(surchargeResponseSchema),
  inductionPostalCode: respString,
  /** "string/number" in doc 2: kept as sent. */
  destinationZone: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.union([z.string(), z.number()]).optional()
  ),
  dimensionalWeight: respObject({
    unitOfMeasurement: respString,
    weight: respNumber,
  }),
  deliveryCommitment: respObject(deliveryCommitmentResponseSchema.shape),
})
