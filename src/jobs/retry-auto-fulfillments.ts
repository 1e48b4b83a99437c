import type { MedusaContainer } from "@medusajs/framework/types"
import { autoFulfillOrder } from "../orchestration/auto-fulfill"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { inFlight } from "../lib/in-flight"

/** Retries failed automatic fulfilments whose backoff has passed (bounded by maxAttempts), and runs released ones. */
export default function retryAutoFulfillments(container: MedusaContainer) {
  return inFlight(() => retryDue(container))
}

async function retryDue(container: MedusaContainer) {
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  const now = new Date()
  // Attempts left "running" by a process that stopped are the recovery job's (recover-interrupted-work).
  // `pending` and due: an order an admin released from a hold (src/orchestration/hold-order.ts).
  const due = await shipping.listAutoFulfillments(
    { status: ["failed", "pending"], next_attempt_at: { $lte: now } },
    { take: 50, order: { updated_at: "ASC" } }
  )
  for (const record of due) {
    await autoFulfillOrder(container, record.order_id)
  }
}

export const config = {
  name: "shipping-services-retry-auto-fulfillments",
  schedule: "* * * * *",
}
