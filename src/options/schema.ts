import { z } from "@medusajs/framework/zod"
import {
  CARRIERS,
  CONTENT_TYPES,
  DOCUMENT_SIZES,
  DOCUMENT_TYPES,
  FILE_FORMATS,
  IMPORTER_REFERENCE_TYPES,
  PARCEL_TYPES,
  PRINT_DIALOG_OPTIONS,
  REASONS_FOR_EXPORT,
  SERVICE_IDS,
  VARIANTS,
} from "../shipping-api/constants"
import { blockedPortOf } from "../shipping-api/client/blocked-ports"
import { webhookNameSchema } from "../shipping-api/schemas/webhook-config"
import {
  CATALOG_LENGTH_UNITS,
  CATALOG_WEIGHT_UNITS,
} from "../shipping-api/units"
import { PRINT_LAYOUTS } from "./print-layouts"

/**
 * Everything a merchant configures, in one schema. The plugin entry in medusa-config carries
 * these options; the plugin's module validates them at boot and the fulfillment provider reads
 * the same entry (Medusa does not pass plugin options to providers). Each field's description
 * is the text of README.md's options table (scripts/options-table.ts generates it).
 *
 * Every object is strict: an unknown key is an error (parse.ts names the nearest known key), so a
 * misspelt section is never silently dropped. The rules of the documents that depend only on the
 * options run at the end (service-checks.ts), with their own rule ids.
 */

/** Where the plugin keeps its documents (option `documents.storage`; docs/documents.md). */
export const DOCUMENT_STORAGES = ["database", "file"] as const
export type DocumentStorage = (typeof DOCUMENT_STORAGES)[number]

const text = z.string().trim().min(1, "must not be empty")
const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s/]+/.test(v), "must be an http(s) URL")
  .superRefine((v, ctx) => {
    const port = blockedPortOf(v)
    if (port !== undefined)
      ctx.addIssue({
        code: "custom",
        message: `must not use port ${port}: fetch and browsers refuse to connect to it (the Fetch standard's blocked ports)`,
      })
  })
  .transform((v) => v.replace(/\/+$/, ""))
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
  .transform((v) => v.toUpperCase())
const positive = z.number().positive("must be greater than 0")
const optionalText = z.string().trim().optional()

export const addressOptionSchema = z.strictObject({
  company: optionalText.describe("Company name."),
  name: text.describe("Sender name (first and last)."),
  phone: optionalText.describe(
    "Phone, required by carrier-account and cross-border."
  ),
  email: optionalText.describe("Email."),
  addressLines: z
    .array(text)
    .min(1, "needs at least one line")
    .max(3, "has at most three lines")
    .describe("One to three street lines."),
  cityTown: text.describe("City."),
  stateProvince: z
    .string()
    .trim()
    .default("")
    .describe("State or province code; empty where there is none."),
  postalCode: text.describe("Postal code."),
  countryCode: country.describe("Two-letter country code."),
  residential: z.boolean().optional().describe("Residential address."),
})

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

/** One fulfillment option a merchant offers: a (variant, service) pair and how to print it. */
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
})
// Which serviceId a variant takes is rule rates.serviceId.known, checked with the other
// options-only rules at the end of pluginOptionsSchema.

export const pluginOptionsSchema = z
  .strictObject({
    credentials: z
      .strictObject({
        apiKey: text.describe("API key of the token operation. Secret."),
        apiSecret: text.describe("API secret of the token operation. Secret."),
      })
      .describe("Service credentials."),
    roots: z
      .strictObject({
        baseUrl: httpUrl.describe(
          "{base_url}: shipments, tracking, void, rates, manifests."
        ),
        authUrl: httpUrl
          .optional()
          .describe(
            "{auth_url}: token operation. Default: the origin of baseUrl."
          ),
        webhookUrl: httpUrl
          .optional()
          .describe("{webhook_url}: webhook configuration. Default: baseUrl."),
        contactUrl: httpUrl
          .optional()
          .describe("{contact_url}: contact update. Default: baseUrl."),
        apacUrl: httpUrl
          .optional()
          .describe("{apac_url}: standard delivery from Asia-Pacific."),
      })
      .describe("Service roots (shared/spec/4)."),
    shipper: z
      .strictObject({
        shipperId: text.describe(
          "SHIPPER_ID: the merchant's postalReportingNumber."
        ),
        clientId: optionalText.describe(
          "CLIENT_ID (standard returns; cross-border standard-label solutions)."
        ),
        clientFacilityId: optionalText.describe(
          "CLIENT_FACILITY_ID (standard; sandbox 0093)."
        ),
        carrierFacilityId: optionalText.describe(
          "CARRIER_FACILITY_ID (standard; hub id for cross-border drop-off; sandbox 1585)."
        ),
        carrierAccountId: optionalText.describe(
          "X-Vendor-Shipper-Carrier-AccountId (carrier-account)."
        ),
        ratePlan: optionalText.describe(
          "X-Vendor-Shipper-Rate-Plan (expedited)."
        ),
        integratorCarrierId: optionalText.describe(
          "X-Vendor-Integrator-CarrierId (expedited)."
        ),
        sellerId: optionalText.describe(
          "SELLER_ID (cross-border marketplaces)."
        ),
      })
      .describe("Merchant identifiers."),
    contact: z
      .strictObject({
        contactId: text.describe("contactId of the sender contact."),
        idType: optionalText.describe("idType query parameter."),
        name: optionalText.describe("Sender name."),
        company: optionalText.describe("Sender company."),
      })
      .optional()
      .describe(
        "Sender contact kept in sync through the contact update (shared/spec/3)."
      ),
    origin: addressOptionSchema
      .optional()
      .describe("Origin used when a stock location has no address."),
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
    http: z
      .strictObject({
        timeoutMs: z
          .number()
          .int()
          .min(100)
          .default(30_000)
          .describe("Timeout of one request."),
        concurrency: z
          .number()
          .int()
          .min(1)
          .max(100)
          .default(8)
          .describe("Requests in flight at once (all callers)."),
        maxAttempts: z
          .number()
          .int()
          .min(1)
          .max(10)
          .default(3)
          .describe("Attempts for throttled or idempotent calls."),
        acceptLanguage: optionalText.describe("Accept-Language header."),
      })
      .default({ timeoutMs: 30_000, concurrency: 8, maxAttempts: 3 })
      .describe("Client behaviour."),
    autoFulfill: z
      .strictObject({
        enabled: z
          .boolean()
          .default(true)
          .describe(
            "Create the fulfillment and label automatically (when: autoFulfill.on)."
          ),
        on: z
          .enum(["placed", "captured"])
          .default("placed")
          .describe(
            "placed: when the order is placed (its payment authorized); captured: once its payment is captured in full (Medusa's payment.captured, or captured at placement)."
          ),
        maxAttempts: z
          .number()
          .int()
          .min(1)
          .max(20)
          .default(5)
          .describe("Attempts before leaving it to an admin."),
        backoffMs: z
          .number()
          .int()
          .min(0)
          .default(30_000)
          .describe("First retry delay; doubles each attempt."),
        orderChanges: z
          .boolean()
          .default(true)
          .describe(
            'Also the outbound items of a confirmed exchange or claim and the items a confirmed order edit adds, in fulfillments of their own (with `on: "captured"`, once an amount they leave due is paid).'
          ),
      })
      .default({
        enabled: true,
        on: "placed",
        maxAttempts: 5,
        backoffMs: 30_000,
        orderChanges: true,
      })
      .describe("Automatic fulfilment."),
    quotes: z
      .strictObject({
        ttlSeconds: z
          .number()
          .int()
          .min(0)
          .max(3600)
          .default(300)
          .describe(
            "How long a rate (price and delivery date) stands for the same cart: listing, calculating, choosing and refreshing it cost one rates call per parcel. Shared by every process through Medusa's Caching Module when the app has one; per process otherwise. 0: ask every time."
          ),
        keepHours: z
          .number()
          .min(0)
          .max(168)
          .default(24)
          .describe(
            "How long the last rate of a cart is kept for the outage fallback (services[].fallbackPrice)."
          ),
      })
      .default({ ttlSeconds: 300, keepHours: 24 })
      .describe("Quotes at checkout."),
    printing: z
      .strictObject({
        layout: z
          .enum(PRINT_LAYOUTS)
          .default("4x6")
          .describe(
            "Print batches: 4x6 (one label per page, thermal printers), letter-2up, letter-4up, a4-2up or a4-4up (office printers); chosen again at download."
          ),
        packingSlips: z
          .boolean()
          .default(true)
          .describe("A packing slip per order in a batch's print file."),
        commercialInvoices: z
          .boolean()
          .default(true)
          .describe(
            "A commercial invoice page per cross-border order (from the customs its label request carried)."
          ),
        separate: z
          .boolean()
          .default(false)
          .describe(
            "Labels, packing slips and invoices as separate PDFs instead of one."
          ),
      })
      .default({
        layout: "4x6",
        packingSlips: true,
        commercialInvoices: true,
        separate: false,
      })
      .describe("Print batches (Ready to ship)."),
    documents: z
      .strictObject({
        storage: z
          .enum(DOCUMENT_STORAGES)
          .default("database")
          .describe(
            'Where label pages, manifests and print files are kept: "database" (the plugin\'s table, as bytes) or "file" (Medusa\'s File Module, private, downloaded by presigned URL; not with a provider that serves private files publicly, such as file-local by default).'
          ),
        keepDays: z
          .number()
          .int()
          .min(1)
          .max(36_500)
          .nullable()
          .default(90)
          .describe(
            "Days a parcel's label is kept after it is delivered, voided or returned (and a batch's print files after the last of its labels); null keeps them. The shipment, its tracking and the label's record stay."
          ),
      })
      .default({ storage: "database", keepDays: 90 })
      .describe("Stored documents: where, and for how long."),
    notifications: z
      .strictObject({
        channel: text
          .default("email")
          .describe(
            "Notification Module channel (a provider of yours serves it, e.g. SendGrid or Resend for email)."
          ),
        shipped: optionalText.describe(
          "Template sent to the customer when a parcel is accepted (Medusa's shipment.created), with the tracking numbers and links; none: not sent."
        ),
        delivered: optionalText.describe(
          "Template sent when the order's parcels are delivered (Medusa's delivery.created); none: not sent."
        ),
        returnLabel: optionalText.describe(
          "Template sent when a return's label is bought (shipping-services.return.label_ready), with the label's links and the label and QR code attached; none: not sent."
        ),
      })
      .default({ channel: "email" })
      .describe(
        "Customer notifications through Medusa's Notification Module; `no_notification` on the order is honoured."
      ),
    returns: z
      .strictObject({
        requireCustomer: z
          .boolean()
          .default(true)
          .describe(
            "POST /store/returns with one of this plugin's options is refused (404, counted, nothing bought) unless the order's own customer is logged in; false: Medusa's default, the order id is the credential."
          ),
        labelPageUrl: httpUrl
          .optional()
          .describe(
            "Storefront page where a customer prints a return label, linked in the return notification; {order_id} and {return_id} are replaced."
          ),
      })
      .default({ requireCustomer: true })
      .describe("Returns customers create in the storefront."),
    alerts: z
      .strictObject({
        webhookSilenceMinutes: z
          .number()
          .int()
          .min(0)
          .default(180)
          .describe(
            "Alert when no tracking webhook arrived for this long while labels bought before it are on their way (0: never)."
          ),
        template: optionalText.describe(
          "Notification template of alerts (event shipping-services.alert: a failed automatic fulfilment after its retries, a webhook silence); none: the event only."
        ),
        to: optionalText.describe(
          "Who gets alert notifications (an address of the channel, e.g. the shop's email); required with a template."
        ),
        channel: text
          .default("email")
          .describe("Notification Module channel of alert notifications."),
      })
      .refine((a) => !a.template || !!a.to, {
        path: ["to"],
        message: "is required when alerts.template is set",
      })
      .default({ webhookSilenceMinutes: 180, channel: "email" })
      .describe(
        "Alerts for the merchant (event shipping-services.alert, and a notification with a template)."
      ),
    recovery: z
      .strictObject({
        leaseSeconds: z
          .number()
          .int()
          .min(5)
          .max(600)
          .default(30)
          .describe(
            "A purchase or automatic fulfilment whose process stopped is settled by another (or after a restart) this long after its last sign of life."
          ),
        orphanGraceMinutes: z
          .number()
          .int()
          .min(1)
          .default(15)
          .describe(
            "A bought label that no fulfillment holds after this long is an orphan (shown in the admin)."
          ),
        voidOrphans: z
          .boolean()
          .default(true)
          .describe(
            "Void orphan labels automatically while the service allows it."
          ),
        schedule: z
          .string()
          .trim()
          .default("* * * * *")
          .describe(
            "Cron schedule of the recovery jobs (interrupted purchases, automatic fulfilments to retry, print batches to take up); six fields for seconds. Read at start."
          ),
      })
      .default({
        leaseSeconds: 30,
        orphanGraceMinutes: 15,
        voidOrphans: true,
        schedule: "* * * * *",
      })
      .describe("Crash recovery of label purchases."),
    webhook: z
      .strictObject({
        enabled: z
          .boolean()
          .default(true)
          .describe("Register and receive tracking webhooks."),
        publicUrl: httpUrl
          .optional()
          .describe("The store's public backend URL (https in production)."),
        // The configuration's name rules (doc 1), from the schema of the request it becomes.
        name: z
          .string()
          .trim()
          .pipe(webhookNameSchema)
          .default("medusa-shipping-services")
          .describe("Configuration name."),
        headerName: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9-]{1,64}$/, "must be an HTTP header name")
          .default("X-Shipping-Services-Key")
          .describe("Header the service sends our key in."),
        timeOutSeconds: z
          .number()
          .int()
          .min(1)
          .max(120)
          .default(10)
          .describe("timeOut of the configuration."),
        lockers: z
          .boolean()
          .default(false)
          .describe("Also register a locker configuration."),
      })
      .default({
        enabled: true,
        name: "medusa-shipping-services",
        headerName: "X-Shipping-Services-Key",
        timeOutSeconds: 10,
        lockers: false,
      })
      .describe("Webhook registration."),
    polling: z
      .strictObject({
        enabled: z
          .boolean()
          .default(true)
          .describe("Poll tracking for shipments without recent events."),
        staleAfterMinutes: z
          .number()
          .int()
          .min(1)
          .default(120)
          .describe("Poll after this long without an event."),
        batchSize: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(100)
          .describe("Shipments read per page."),
        concurrency: z
          .number()
          .int()
          .min(1)
          .max(50)
          .default(4)
          .describe("Tracking requests at once."),
        schedule: z
          .string()
          .trim()
          .default("*/15 * * * *")
          .describe("Cron schedule of the sweep."),
      })
      .default({
        enabled: true,
        staleAfterMinutes: 120,
        batchSize: 100,
        concurrency: 4,
        schedule: "*/15 * * * *",
      })
      .describe("Tracking polling fallback."),
    tracking: z
      .object({
        beforeLabelHours: z
          .number()
          .min(0)
          .default(12)
          .describe(
            "An event dated more than this before its label was created is kept but moves no order."
          ),
        aheadHours: z
          .number()
          .min(0)
          .default(24)
          .describe(
            "An event dated more than this after it arrived is kept but moves no order."
          ),
      })
      .default({ beforeLabelHours: 12, aheadHours: 24 })
      .describe(
        "Which tracking event dates may move orders (docs/tracking.md)."
      ),
  })
  .refine(
    (options) =>
      new Set(options.services.map((s) => s.id)).size ===
      options.services.length,
    {
      path: ["services"],
      message: "ids must be unique",
      when: (payload) =>
        Array.isArray((payload.value as { services?: unknown })?.services),
    }
  )

export type PluginOptionsInput = z.input<typeof pluginOptionsSchema>
export type PluginOptions = z.output<typeof pluginOptionsSchema>
export type ServiceOption = PluginOptions["services"][number]
