import { z } from "@medusajs/framework/zod"
import { PRINT_LAYOUTS } from "../print-layouts"
import { text, httpUrl, optionalText, DOCUMENT_STORAGES } from "./fields"

export const operationOptions = {
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
    .describe("Automatic fulfillment."),
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
        "Notification template of alerts (event shipping-services.alert: a failed automatic fulfillment after its retries, a webhook silence); none: the event only."
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
}
