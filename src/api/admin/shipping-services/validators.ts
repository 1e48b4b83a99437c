import { z } from "@medusajs/framework/zod"
import { LANES } from "../../../lib/batches/lane"
import { READY_VIEWS } from "../../../lib/batches/ready-view"
import { MAX_BATCH_ORDERS } from "../../../lib/batches/selection"
import { SETUP_LANES } from "../../../lib/setup-shipping/types"
import { PRINT_LAYOUTS } from "../../../lib/documents/layouts"
import { CARRIERS } from "../../../shipping-api/constants"
import { wordIssues } from "../../validate-query"

// Webhooks and the sender contact

/** POST /admin/shipping-services/webhooks/re-register: no fields. */
export const AdminReRegisterWebhooks = z.strictObject({})
export type AdminReRegisterWebhooksType = z.infer<
  typeof AdminReRegisterWebhooks
>

/** POST /admin/shipping-services/webhooks/rotate-key: one type, or every registered one. */
export const AdminRotateWebhookKey = z.strictObject({
  type: z.enum(["tracking", "locker"]).optional(),
})
export type AdminRotateWebhookKeyType = z.infer<typeof AdminRotateWebhookKey>

const contactField = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "has at most 100 characters")

/** POST /admin/shipping-services/contact: the fields to set (doc 3 partial update). */
export const AdminUpdateContact = z
  .strictObject({
    name: contactField.optional(),
    company: contactField.optional(),
  })
  .refine((v) => v.name !== undefined || v.company !== undefined, {
    message: "give name or company",
  })
export type AdminUpdateContactType = z.infer<typeof AdminUpdateContact>

// Label, order and close-out actions

/**
 * POST /admin/shipping-services/shipments/:id/reprint: optionally the print layout the new label
 * is wanted in (placed locally by the print library: the service's reprint takes no size).
 */
export const AdminReprintLabel = z.strictObject({
  layout: z.enum(PRINT_LAYOUTS).optional(),
})
export type AdminReprintLabelType = z.infer<typeof AdminReprintLabel>

/** POST /admin/shipping-services/shipments/:id/void: as Medusa's own fulfillment cancel. */
export const AdminVoidLabel = z.strictObject({
  no_notification: z.boolean().optional(),
})
export type AdminVoidLabelType = z.infer<typeof AdminVoidLabel>

/** POST /admin/shipping-services/orders/:id/auto-fulfill: no fields. */
export const AdminRetryAutoFulfillment = z.strictObject({})
export type AdminRetryAutoFulfillmentType = z.infer<
  typeof AdminRetryAutoFulfillment
>

/** POST /admin/shipping-services/returns/:id/label: no fields. */
export const AdminBuyReturnLabel = z.strictObject({})
export type AdminBuyReturnLabelType = z.infer<typeof AdminBuyReturnLabel>

/** POST /admin/shipping-services/manifests: every carrier with labels waiting, or one. */
export const AdminCreateManifests = z.strictObject({
  carrier: z.enum(CARRIERS).optional(),
})
export type AdminCreateManifestsType = z.infer<typeof AdminCreateManifests>

// Ready to ship and print batches

const orderId = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "has at most 100 characters")

/** POST /admin/shipping-services/batches */
export const AdminCreateBatch = z.strictObject({
  order_ids: z
    .array(orderId)
    .min(1, "select at least one order")
    .max(MAX_BATCH_ORDERS, `at most ${MAX_BATCH_ORDERS} orders per batch`),
  mode: z.enum(["buy", "print"]).optional(),
  layout: z.enum(PRINT_LAYOUTS).optional(),
  packing_slips: z.boolean().optional(),
  commercial_invoices: z.boolean().optional(),
  separate: z.boolean().optional(),
})
export type AdminCreateBatchType = z.infer<typeof AdminCreateBatch>

/** POST /admin/shipping-services/batches/:id/retry: failed items (all failed when absent). */
export const AdminRetryBatch = z.strictObject({
  item_ids: z.array(z.string().trim().min(1)).max(MAX_BATCH_ORDERS).optional(),
})
export type AdminRetryBatchType = z.infer<typeof AdminRetryBatch>

/** POST /admin/shipping-services/batches/:id/print: the print file made again with these settings. */
export const AdminPrintBatch = z.strictObject({
  layout: z.enum(PRINT_LAYOUTS).optional(),
  packing_slips: z.boolean().optional(),
  commercial_invoices: z.boolean().optional(),
  separate: z.boolean().optional(),
})
export type AdminPrintBatchType = z.infer<typeof AdminPrintBatch>

/** POST /admin/shipping-services/orders/:id/hold and …/release: no fields. */
export const AdminHoldOrder = z.strictObject({})

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
    "must be a real date"
  )

/** GET /admin/shipping-services/ready-to-ship: filters and page. */
export const AdminReadyToShipQuery = z.strictObject({
  view: z.enum(READY_VIEWS).default("awaiting"),
  service: z.string().trim().min(1).max(100).optional(),
  lane: z.enum(LANES).optional(),
  from: day.optional(),
  to: day.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
export type AdminReadyToShipQueryType = z.infer<typeof AdminReadyToShipQuery>

/**
 * GET /admin/shipping-services/shipments/:id/label: which page (0-based), whether as a download
 * or as a presigned link (documents.storage "file"), or the label on a print sheet (`layout`).
 */
export const AdminLabelQuery = z.strictObject({
  page: z.coerce.number().int().min(0).max(999).default(0),
  download: z.enum(["0", "1"]).optional(),
  link: z.enum(["0", "1"]).optional(),
  layout: z.enum(PRINT_LAYOUTS).optional(),
})

/** `link=1` asks for a presigned link as JSON rather than a redirect. */
export const AdminDocumentQuery = z.strictObject({
  link: z.enum(["0", "1"]).optional(),
})
export type AdminDocumentQueryType = z.infer<typeof AdminDocumentQuery>
export type AdminLabelQueryType = z.infer<typeof AdminLabelQuery>

/** GET /admin/shipping-services/batches: page. */
export const AdminListBatchesQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})
export type AdminListBatchesQueryType = z.infer<typeof AdminListBatchesQuery>

// Set up shipping

const locationId = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "has at most 100 characters")
const MAX_LOCATIONS = 50

/** GET /admin/shipping-services/setup: the stock locations to plan for (none: every one). */
export const AdminSetupShippingQuery = z.strictObject({
  location_id: z
    .union([locationId, z.array(locationId).max(MAX_LOCATIONS)])
    .optional()
    .transform((v) => (v === undefined ? undefined : [v].flat())),
})
export type AdminSetupShippingQueryType = z.infer<
  typeof AdminSetupShippingQuery
>

/** Flat amounts for services whose price cannot (or should not) be calculated. */
export const AdminSetupShipping = z.strictObject({
  location_ids: z
    .array(locationId)
    .min(
      1,
      "name at least one stock location, or leave location_ids out for every one"
    )
    .max(MAX_LOCATIONS, `at most ${MAX_LOCATIONS} stock locations`)
    .optional(),
  flat_amounts: z
    .array(
      z.strictObject({
        service: z.string().trim().min(1, "must not be empty").max(100),
        lane: z.enum(SETUP_LANES).optional(),
        currency_code: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code")
          .transform((v) => v.toLowerCase())
          .optional(),
        amount: z
          .number()
          .finite()
          .min(0, "must be 0 or more")
          .max(1_000_000, "must be at most 1000000"),
      })
    )
    .max(500, "at most 500 amounts")
    .optional(),
})
export type AdminSetupShippingType = z.infer<typeof AdminSetupShipping>

/** Names every issue's path: Medusa's body validation leaves it out of messages it does not word (e.g. in arrays). */
export function parseBody<T extends z.ZodTypeAny>(
  schema: T,
  body: unknown
): { ok: true; value: z.output<T> } | { ok: false; message: string } {
  const parsed = schema.safeParse(body ?? {})
  if (parsed.success) return { ok: true, value: parsed.data }
  return {
    ok: false,
    message: `Invalid body: ${wordIssues(parsed.error, "body")}`,
  }
}

// Products that cannot ship

/** GET /admin/shipping-services/readiness */
export const AdminReadinessQuery = z.strictObject({
  product_id: z.string().trim().min(1).max(100).optional(),
  fresh: z.enum(["true", "false"]).optional(),
})
export type AdminReadinessQueryType = z.infer<typeof AdminReadinessQuery>
