import type { SubscriberConfig } from "@medusajs/framework"
import {
  ProductTypeWorkflowEvents,
  ProductVariantWorkflowEvents,
  ProductWorkflowEvents,
} from "@medusajs/framework/utils"
import { forgetCatalog } from "../providers/shipping-services/ports"

/**
 * A product, variant or product type was updated or deleted (Medusa's workflow events): this
 * process reads the catalog afresh, so the next label weighs and declares what the admin just
 * saved. Other processes within seconds.
 */
export default async function catalogChanged() {
  forgetCatalog()
}

export const config: SubscriberConfig = {
  event: [
    ProductWorkflowEvents.UPDATED,
    ProductWorkflowEvents.DELETED,
    ProductVariantWorkflowEvents.UPDATED,
    ProductVariantWorkflowEvents.DELETED,
    ProductTypeWorkflowEvents.UPDATED,
    ProductTypeWorkflowEvents.DELETED,
  ],
  context: { subscriberId: "shipping-services-catalog-changed" },
}
