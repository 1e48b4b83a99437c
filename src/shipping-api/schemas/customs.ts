import { z } from "../zod"
import {
  CUSTOMS_WEIGHT_UNITS,
  IMPORTER_REFERENCE_TYPES,
  LIMITS,
  REASONS_FOR_EXPORT,
} from "../constants"
import {
  countryCode,
  currencyCode,
  fieldRule,
  maxLength,
  nonEmpty,
  notNegative,
  oneOfAnyCase,
  positive,
  respArray,
  respNumber,
  respObject,
  respString,
  SOURCE,
} from "./common"
import { dimensionResponseSchema, dimensionSchema } from "./parcel"

const swissVat = new RegExp(`^CHE\\d{${LIMITS.swissVatDigits}}$`)

/** Doc 2, Customs Info (request). */
export const customsInfoSchema = z.object({
  currencyCode: currencyCode(
    "customs-info.currencyCode.format",
    SOURCE.customsInfo
  ),
  reasonForExport: z.enum(REASONS_FOR_EXPORT).optional(),
  reasonForExportExplanation: z.string().optional(),
  certificateNumber: z.string().optional(),
  comments: z.string().optional(),
  insuredNumber: z.string().optional(),
  invoiceNumber: z.string().optional(),
  licenseNumber: z.string().optional(),
  EELPFC: z.string().optional(),
  fromCustomsReference: z
    .string()
    .check(
      fieldRule<string>({
        id: "customs-info.fromCustomsReference.format",
        source: SOURCE.customsInfo,
        description: `must be the Swiss VAT id: CHE followed by ${LIMITS.swissVatDigits} digits`,
        test: (v) => swissVat.test(v),
      })
    )
    .optional(),
  importerCustomsReference: z.string().optional(),
  importerCustomsReferenceType: z.enum(IMPORTER_REFERENCE_TYPES).optional(),
  sdrValue: z
    .number()
    .check(
      notNegative("customs-info.sdrValue.not-negative", SOURCE.customsInfo)
    )
    .optional(),
})

/** Doc 2, Customs Item (request). */
export const customsItemSchema = z.object({
  description: z
    .string()
    .check(nonEmpty("customs-item.description.not-empty", SOURCE.customsItem))
    .check(
      maxLength(
        "customs-item.description.max-length",
        SOURCE.limits,
        LIMITS.customsDescription
      )
    ),
  hSTariffCode: z
    .string()
    .check(
      maxLength(
        "customs-item.hSTariffCode.max-length",
        SOURCE.limits,
        LIMITS.hsCode
      )
    )
    .optional(),
  hSTariffCodeCountry: countryCode(
    "customs-item.hSTariffCodeCountry.format",
    SOURCE.customsItem
  ).optional(),
  originCountryCode: countryCode(
    "customs-item.originCountryCode.format",
    SOURCE.customsItem
  ).optional(),
  quantity: z
    .int()
    .check(positive("customs-item.quantity.positive", SOURCE.customsItem)),
  unitPrice: z
    .number()
    .check(
      notNegative("customs-item.unitPrice.not-negative", SOURCE.customsItem)
    ),
  unitWeight: z
    .object({
      weight: z
        .number()
        .check(
          notNegative(
            "customs-item.unitWeight.weight.not-negative",
            SOURCE.customsItem
          )
        ),
      unitOfMeasurement: z
        .string()
        .check(
          oneOfAnyCase(
            "customs-item.unitWeight.unitOfMeasurement.value",
            SOURCE.customsItem,
            CUSTOMS_WEIGHT_UNITS
          )
        ),
    })
    .optional(),
  itemId: z
    .string()
    .check(
      maxLength(
        "customs-item.itemId.max-length",
        SOURCE.limits,
        LIMITS.crossBorderItemId
      )
    )
    .check(
      fieldRule<string>({
        id: "customs-item.itemId.no-outer-spaces",
        source: SOURCE.customsItem,
        description: "must not start or end with a space",
        test: (v) => v === v.trim(),
      })
    )
    .optional(),
  url: z
    .string()
    .check(
      maxLength(
        "customs-item.url.max-length",
        SOURCE.limits,
        LIMITS.crossBorderUrl
      )
    )
    .optional(),
  manufacturer: z
    .string()
    .check(
      maxLength(
        "customs-item.manufacturer.max-length",
        SOURCE.limits,
        LIMITS.crossBorderManufacturer
      )
    )
    .optional(),
  hazmat: z.array(z.string()).optional(),
  itemDimension: dimensionSchema.optional(),
})
export type CustomsItem = z.output<typeof customsItemSchema>

/** Doc 2 Limits; also applied by the plugin's customs builder. */
export const CUSTOMS_ITEMS_MAX_RULE = "customs.customsItems.max-items"

export const customsSchema = z.object({
  customsInfo: customsInfoSchema,
  customsItems: z
    .array(customsItemSchema)
    .check(
      fieldRule<readonly unknown[]>({
        id: CUSTOMS_ITEMS_MAX_RULE,
        source: SOURCE.limits,
        description: `lists at most ${LIMITS.customsItems} customs items: ship more distinct items in another parcel`,
        test: (v) => v.length <= LIMITS.customsItems,
      })
    )
    .optional(),
})
export type Customs = z.output<typeof customsSchema>

export const customsInfoResponseSchema = z.looseObject({
  currencyCode: respString,
  reasonForExport: respString,
  reasonForExportExplanation: respString,
  certificateNumber: respString,
  comments: respString,
  insuredNumber: respString,
  invoiceNumber: respString,
  licenseNumber: respString,
  EELPFC: respString,
  fromCustomsReference: respString,
  importerCustomsReference: respString,
  importerCustomsReferenceType: respString,
  sdrValue: respNumber,
  freightCharge: respNumber,
  handlingCosts: respNumber,
  otherCharge: respNumber,
  packingCosts: respNumber,
})

export const customsItemResponseSchema = z.looseObject({
  description: respString,
  hSTariffCode: respString,
  hSTariffCodeCountry: respString,
  originCountryCode: respString,
  quantity: respNumber,
  unitPrice: respNumber,
  unitWeight: respObject({ weight: respNumber, unitOfMeasurement: respString }),
  itemId: respString,
  url: respString,
  manufacturer: respString,
  hazmat: respArray(respString),
  itemDimension: respObject(dimensionResponseSchema.shape),
})

export const customsResponseSchema = z.looseObject({
  customsInfo: respObject(customsInfoResponseSchema.shape),
  customsItems: respArray(customsItemResponseSchema),
})
