import { z } from "@medusajs/framework/zod"
import { webhookNameSchema } from "../../shipping-api/schemas/webhook-config"
import { httpUrl } from "./fields"

export const trackingOptions = {
  recovery: z
    .strictObject({
      leaseSeconds: z
        .number()
        .int()
        .min(5)
        .max(600)
        .default(30)
        .describe(
          "A purchase or automatic fulfillment whose process stopped is settled by another (or after a restart) this long after its last sign of life."
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
          "Cron schedule of the recovery jobs (interrupted purchases, automatic fulfillments to retry, print batches to take up); six fields for seconds. Read at start."
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
      // The configuration's name rules (doc 1).
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
    .describe("Which tracking event dates may move orders (docs/tracking.md)."),
}
