import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { orderPlaced } from "../orchestration/auto-fulfil/auto-fulfill"
import { withAutoFulfillRetry } from "../orchestration/auto-fulfil/auto-fulfill-retry"
import { inFlight } from "../lib/in-flight"

/**
 * order.placed → the fulfillment and its label, when automatic fulfilment is on (with
 * `autoFulfill.on: "captured"` only for an order whose payment is captured already; the others
 * wait for payment.captured: auto-fulfill-payment-captured.ts); else the order is recorded as
 * waiting for an admin (Ready to ship). A failure is run again with the plugin's retries
 * (src/orchestration/auto-fulfil/auto-fulfill-retry.ts): Medusa emits order.placed once.
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
