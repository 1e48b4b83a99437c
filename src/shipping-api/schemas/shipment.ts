import { z } from "../zod"
import { ADDRESS_TYPES, SHIPMENT_TYPES } from "../constants"
import {
  addressResponseSchema,
  addressSchema,
  optionalAddressResponse,
} from "./address"
import {
  fieldRule,
  nameValueSchema,
  nonEmpty,
  positive,
  respArray,
  respNameValue,
  respNumber,
  respObject,
  respString,
  SOURCE,
} from "./common"
import { customsResponseSchema, customsSchema } from "./customs"
import { documentResponseSchema, documentSchema } from "./document"
import { parcelResponseSchema, parcelSchema } from "./parcel"
import {
  ratesEntrySchema,
  ratesQueryEntrySchema,
  ratesResponseEntrySchema,
} from "./rates"

/** Doc 2 "rates: Required. One object." and doc 4 Rates "exactly one rates entry". */
const oneRatesEntry = fieldRule<readonly unknown[]>({
  id: "shipment.rates.one-entry",
  source: SOURCE.shipment,
  description: "must hold exactly one entry",
  test: (v) => v.length === 1,
})

export const domesticShipmentDetailsSchema = z.object({
  shipperTrackingNumber: z
    .string()
    .check(
      nonEmpty(
        "domestic-shipment-details.shipperTrackingNumber.not-empty",
        SOURCE.domesticShipmentDetails
      )
    ),
  barCodeLabelNumber: z.string().optional(),
  carrier: z.string().optional(),
  dcAddress: addressSchema.optional(),
})

export const additionalAddressSchema = z.object({
  addressType: z.enum(ADDRESS_TYPES),
  address: addressSchema,
})

export const hazmatDetailsSchema = z.object({
  containerDetails: z.array(
    z.object({
      commodityInfo: z.array(
        z.object({
          /** Allowed values: not shown (doc 2). */
          hazardClass: z.string(),
          quantity: z
            .int()
            .check(
              positive("hazmat-details.quantity.positive", SOURCE.hazmatDetails)
            ),
          quantityUOM: z.string(),
        })
      ),
    })
  ),
})

export const shipmentTypeSchema = z.string().check(
  fieldRule<string>({
    id: "shipment.shipmentType.value",
    source: SOURCE.shipment,
    description: `must be ${SHIPMENT_TYPES.join(" or ")} (return labels only)`,
    test: (v) =>
      (SHIPMENT_TYPES as readonly string[]).includes(v.toUpperCase()),
  })
)

const shipmentShape = {
  fromAddress: addressSchema,
  toAddress: addressSchema,
  altReturnAddress: addressSchema.optional(),
  additionalAddresses: z.array(additionalAddressSchema).optional(),
  soldToAddress: addressSchema.optional(),
  parcel: parcelSchema,
  shipmentOptions: z.array(nameValueSchema),
  customs: customsSchema.optional(),
  domesticShipmentDetails: domesticShipmentDetailsSchema.optional(),
  shipmentType: shipmentTypeSchema.optional(),
  references: z.array(nameValueSchema).optional(),
  hazmatDetails: hazmatDetailsSchema.optional(),
  /** Third-party billing fields are not shown, so any object passes through. */
  carrierPayments: z.looseObject({}).optional(),
}

/** Doc 2, request form. Unknown fields are stripped. */
export const shipmentRequestSchema = z.object({
  ...shipmentShape,
  rates: z.array(ratesEntrySchema).check(oneRatesEntry),
  documents: z.array(documentSchema).optional(),
})
export type ShipmentRequest = z.output<typeof shipmentRequestSchema>
export type ShipmentRequestInput = z.input<typeof shipmentRequestSchema>

/** Doc 4: without documents, one rates entry, serviceId optional. */
export const ratesRequestSchema = z.object({
  ...shipmentShape,
  rates: z.array(ratesQueryEntrySchema).check(oneRatesEntry),
})
export type RatesRequest = z.output<typeof ratesRequestSchema>

/** Response form: everything kept, nothing required. */
export const shipmentResponseSchema = z.looseObject({
  fromAddress: optionalAddressResponse,
  toAddress: optionalAddressResponse,
  altReturnAddress: optionalAddressResponse,
  soldToAddress: optionalAddressResponse,
  additionalAddresses: respArray(
    z.looseObject({
      addressType: respString,
      address: respObject(addressResponseSchema.shape),
    })
  ),
  parcel: respObject(parcelResponseSchema.shape),
  rates: respArray(ratesResponseEntrySchema),
  documents: respArray(documentResponseSchema),
  shipmentOptions: respArray(respNameValue),
  customs: respObject(customsResponseSchema.shape),
  domesticShipmentDetails: respObject({
    shipperTrackingNumber: respString,
    barCodeLabelNumber: respString,
    carrier: respString,
    dcAddress: optionalAddressResponse,
  }),
  shipmentType: respString,
  references: respArray(respNameValue),
  hazmatDetails: respObject({
    containerDetails: respArray(
      z.looseObject({
        commodityInfo: respArray(
          z.looseObject({
            hazardClass: respString,
            quantity: respNumber,
            quantityUOM: respString,
          })
        ),
      })
    ),
  }),
  carrierPayments: respObject({}),
  shipmentId: respString,
  parcelTrackingNumber: respString,
})
export type ShipmentResponse = z.output<typeof shipmentResponseSchema>

export const createdShipmentResponseSchema = shipmentResponseSchema.extend({
  shipmentId: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z
      .string()
      .check(
        nonEmpty("shipment-response.shipmentId.not-empty", SOURCE.shipment)
      )
  ),
})
export type CreatedShipmentResponse = z.output<
  typeof createdShipmentResponseSchema
>

/** Doc 4: one rates entry per service. */
export const ratesResponseSchema = shipmentResponseSchema
export type RatesResponse = ShipmentResponse
