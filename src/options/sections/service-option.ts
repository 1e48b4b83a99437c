import { z } from "@medusajs/framework/zod"
import {
  CONTENT_TYPES,
  DOCUMENT_SIZES,
  DOCUMENT_TYPES,
  FILE_FORMATS,
  PARCEL_TYPES,
  PRINT_DIALOG_OPTIONS,
  SERVICE_IDS,
  VARIANTS,
} from "../../shipping-api/constants"
import { text, optionalText } from "./fields"

export const RATE_SHOPPING_STRATEGIES = ["cheapest", "fastest"] as const

const labelSchema = z.strictObject({
  type: z
    .enum(DOCUMENT_TYPES)
    .default("SHIPPING_LABEL")
    .describe("SHIPPING_LABEL, or QR_CODE (expedited only; GIF)."),
  fileFormat: z
    .enum(FILE_FORMATS)
    .default("PDF")
    .describe("PDF, PNG, ZPL2 or GIF (QR code)."),
  size: z
    .enum(DOCUMENT_SIZES)
    .optional()
    .describe("DOC_4X6, DOC_8X11 or DOC_4X5; none for QR codes."),
  contentType: z
    .enum(CONTENT_TYPES)
    .default("BASE64")
    .describe("BASE64 or URL; the plugin stores the file either way."),
  printDialogOption: z
    .enum(PRINT_DIALOG_OPTIONS)
    .optional()
    .describe("NO_PRINT_DIALOG or EMBED_PRINT_DIALOG (PDF)."),
})

const nameValue = z.strictObject({
  name: text.describe("Name."),
  value: z.string().describe("Value."),
})

const specialServiceSchema = z.strictObject({
  specialServiceId: text.describe(
    "INS, DelCon, hazmat, hazmat-electronics, NOTIFICATIONS…"
  ),
  inputParameters: z
    .array(nameValue)
    .default([])
    .describe("Its input parameters (e.g. HAZMAT_TYPE, INPUT_VALUE)."),
})

export const serviceOptionSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9-]{0,48}$/,
      "must be lower-case letters, digits and hyphens (max 49)"
    )
    .describe(
      "Stable id of the fulfillment option (stored on shipping options)."
    ),
  name: text.describe("Name shown in the admin."),
  variant: z
    .enum(VARIANTS)
    .describe("carrier-account, expedited, standard or cross-border."),
  serviceId: text.describe(
    `rates.serviceId: ${VARIANTS.map((v) => SERVICE_IDS[v].join("/")).join(", ")}.`
  ),
  parcelType: z
    .enum(PARCEL_TYPES)
    .default("PKG")
    .describe("rates.parcelType (standard and cross-border: PKG)."),
  rateTypeId: optionalText.describe("rates.rateTypeId, e.g. COMMERCIAL."),
  specialServices: z
    .array(specialServiceSchema)
    .default([])
    .describe("rates.specialServices sent with every label."),
  insurance: z
    .strictObject({
      above: z
        .number()
        .min(0, "must be 0 or more")
        .describe(
          "Insure a parcel whose contents are worth more than this (line prices after discounts)."
        ),
      currency: z
        .string()
        .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code")
        .describe(
          "Currency of `above`; orders in another currency are not insured automatically."
        ),
    })
    .optional()
    .describe(
      "INS with INPUT_VALUE = the declared value of each parcel's contents (not for cross-border: doc 2 ignores its special services)."
    ),
  label: labelSchema
    .default({
      type: "SHIPPING_LABEL",
      fileFormat: "PDF",
      contentType: "BASE64",
    })
    .describe("The document to print."),
  deliverySolution: optionalText.describe(
    "Cross-border DELIVERY_SOLUTION (e.g. DROPOFF_GENERICLABEL)."
  ),
  shipmentOptions: z
    .array(nameValue)
    .default([])
    .describe(
      "Extra shipmentOptions sent as given (e.g. NON_DELIVERY_OPTION)."
    ),
  addToManifest: z
    .boolean()
    .default(false)
    .describe("ADD_TO_MANIFEST=true: eligible for the close-out manifest."),
  includeDeliveryCommitment: z
    .boolean()
    .optional()
    .describe("Ask for the delivery commitment (cross-border always does)."),
  isReturn: z
    .boolean()
    .default(false)
    .describe("A return option (`is_return` in Medusa)."),
  fallbackPrice: z
    .union([
      z.literal("hide"),
      z.literal("last-quote"),
      z
        .record(
          z
            .string()
            .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code"),
          z.number().min(0, "must be 0 or more")
        )
        .transform((amounts) =>
          Object.fromEntries(
            Object.entries(amounts).map(([c, a]) => [c.toLowerCase(), a])
          )
        ),
    ])
    .default("last-quote")
    .describe(
      'A calculated option\'s price at checkout while the service cannot price it (not answering): "last-quote" (the price last quoted for the same cart, else the option is refused in words), flat amounts per currency ({ "usd": 9.5 }: the last quote first, then the amount), or "hide" (refused until the service answers). Such orders are marked "postage not quoted live".'
    ),
  apac: z
    .boolean()
    .default(false)
    .describe("Standard delivery from Asia-Pacific: use roots.apacUrl."),
  rateShopping: z
    .strictObject({
      among: z
        .array(text)
        .min(1, "must name at least one service")
        .describe(
          "Rate shopping: other serviceIds of its variant it may buy instead of serviceId (e.g. UGA, PS). Checkout shows the choice's price and date from one rates call per parcel; the label is the cheapest (or fastest) still keeping that date (docs/rate-shopping.md)."
        ),
      choose: z
        .enum(RATE_SHOPPING_STRATEGIES)
        .default("cheapest")
        .describe(
          "cheapest, or fastest (the earliest delivery date), among the services that keep the delivery promise."
        ),
    })
    .optional()
    .describe(
      "Rate shopping among serviceId and other services of its variant (docs/rate-shopping.md)."
    ),
})
// Which serviceId a variant takes is checked with the other options-only rules.
