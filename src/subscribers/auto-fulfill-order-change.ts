import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { orderChanged } from "../orchestration/auto-fulfillment/auto-fulfill"
import { withAutoFulfillRetry } from "../orchestration/auto-fulfillment/event-retry"
import { inFlight } from "../lib/in-flight"

/**
 * A confirmed exchange or claim (`order.exchange_created`, `order.claim_created`: Medusa emits them
 * at confirmation, with the outbound items) or order edit (`order-edit.confirmed`): the lines it
 * added get their labels as a placed order's do (autoFulfill.orderChanges). Medusa emits each
 * once: a failure is run again with the plugin's retries.
 */
export default async function autoFulfillOnOrderChange({
  event,
  container,
}: SubscriberArgs<{ order_id?: string }>) {
  const orderId = event.data?.order_id
  if (!orderId) return
  await inFlight(() =>
    withAutoFulfillRetry(
      container,
      { source: "order.changed", id: orderId },
      () => orderChanged(container, orderId)
    )
  )
}

export const config: SubscriberConfig = {
  event: [
    "order.exchange_created",
    "order.claim_created",
    "order-edit.confirmed",
  ],
  context: { subscriberId: "shipping-services-auto-fulfill-order-change" },
}
