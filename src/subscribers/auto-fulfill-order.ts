import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { orderPlaced } from "../orchestration/auto-fulfillment/auto-fulfill"
import { withAutoFulfillRetry } from "../orchestration/auto-fulfillment/event-retry"
import { inFlight } from "../lib/in-flight"

/**
 * order.placed → the fulfillment and its label, when automatic fulfillment is on (with
 * `autoFulfill.on: "captured"` only for an order whose payment is captured already; the others
 * wait for payment.captured and its subscriber); else the order is recorded as
 * waiting for an admin (Ready to ship). A failure is run again with the plugin's retries
 * (the plugin's event retry): Medusa emits order.placed once.
 */
export default async function autoFulfillOnOrderPlaced({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await inFlight(() =>
    withAutoFulfillRetry(
      container,
      { source: "order.placed", id: event.data.id },
      () => orderPlaced(container, event.data.id)
    )
  )
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "shipping-services-auto-fulfill" },
}
