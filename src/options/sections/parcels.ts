import { z } from "@medusajs/framework/zod"
import {
  CARRIERS,
  IMPORTER_REFERENCE_TYPES,
  REASONS_FOR_EXPORT,
} from "../../shipping-api/constants"
import {
  CATALOG_LENGTH_UNITS,
  CATALOG_WEIGHT_UNITS,
} from "../../shipping-api/units"
import { text, positive, optionalText } from "./fields"
import { serviceOptionSchema } from "./service-option"

export const parcelOptions = {
  catalogUnits: z
    .strictObject({
      weight: z
        .enum(CATALOG_WEIGHT_UNITS)
        .default("g")
        .describe("Unit of product and variant weights."),
      length: z
        .enum(CATALOG_LENGTH_UNITS)
        .default("cm")
        .describe("Unit of product and variant dimensions."),
    })
    .default({ weight: "g", length: "cm" })
    .describe("Units the catalog is entered in."),
  defaultParcel: z
    .strictObject({
      length: positive.describe("Length (catalog unit)."),
      width: positive.describe("Width (catalog unit)."),
      height: positive.describe("Height (catalog unit)."),
      weight: positive
        .optional()
        .describe("Weight of an item without one (catalog unit)."),
    })
    .optional()
    .describe("Box used when products have no dimensions."),
  boxes: z
    .array(
      z.strictObject({
        id: z
          .string()
          .trim()
          .regex(
            /^[a-z0-9][a-z0-9-]{0,48}$/,
            "must be lower-case letters, digits and hyphens (max 49)"
          )
          .describe("Stable id of the box."),
        name: optionalText.describe("Name shown in the admin."),
        length: positive.describe("Inside length (catalog unit)."),
        width: positive.describe("Inside width (catalog unit)."),
        height: positive.describe("Inside height (catalog unit)."),
        maxWeight: positive
          .optional()
          .describe("Most it may weigh, packed (catalog unit)."),
        emptyWeight: z
          .number()
          .min(0)
          .optional()
          .describe("Weight of the empty box (catalog unit)."),
      })
    )
    .default([])
    .describe(
      "The merchant's boxes: items are packed into them, several parcels when needed. None: one parcel (defaultParcel) unless a limit is broken."
    ),
  services: z
    .array(serviceOptionSchema)
    .min(1, "needs at least one service")
    .describe("The fulfillment options offered."),
  carrierCodes: z
    .partialRecord(z.enum(CARRIERS), text)
    .default({})
    .describe(
      "Wire value per neutral carrier (CARRIER_A, POSTAL, STANDARD, XBORDER)."
    ),
  trackingUrlTemplate: z
    .string()
    .trim()
    .default("https://tools.example.com/track?number={trackingNumber}")
    .describe(
      "Public tracking page; {trackingNumber} and {carrier} are replaced."
    ),
  customs: z
    .strictObject({
      reasonForExport: z
        .enum(REASONS_FOR_EXPORT)
        .default("MERCHANDISE")
        .describe("customsInfo.reasonForExport."),
      reasonForExportExplanation: optionalText.describe(
        "Required with reasonForExport OTHER."
      ),
      importerCustomsReference: optionalText.describe(
        "EU VAT/IOSS or Brazil tax id (else order metadata)."
      ),
      importerCustomsReferenceType: z
        .enum(IMPORTER_REFERENCE_TYPES)
        .optional()
        .describe("IOSS_NUMBER or VAT_NUMBER."),
      fromCustomsReference: optionalText.describe(
        "Swiss VAT id of the sender (CHE + 9 digits)."
      ),
      eelpfc: optionalText.describe(
        "EELPFC, needed when an item is above 2,500 USD."
      ),
      productUrlTemplate: optionalText.describe(
        "Storefront product URL for customs items; {handle} replaced."
      ),
      manufacturer: optionalText.describe("customsItems.manufacturer."),
      overflow: z
        .enum(["merge", "fail"])
        .default("merge")
        .describe(
          "Over 30 customs items: merge lines by HS code and origin, or fail."
        ),
    })
    .default({ reasonForExport: "MERCHANDISE", overflow: "merge" })
    .describe("Customs defaults."),
}
