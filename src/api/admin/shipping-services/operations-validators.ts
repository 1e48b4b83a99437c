import { z } from "@medusajs/framework/zod"
import { CARRIERS } from "../../../shipping-api/constants"
import { PRINT_LAYOUTS } from "../../../lib/documents/layouts"

/** Bodies of the label, order and close-out actions (validated in src/api/middlewares.ts). */

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

/** POST /admin/shipping-services/manifests: every carrier with labels waiting, or one. */
export const AdminCreateManifests = z.strictObject({
  carrier: z.enum(CARRIERS).optional(),
})
export type AdminCreateManifestsType = z.infer<typeof AdminCreateManifests>
