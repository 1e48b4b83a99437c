import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { orderPlaced } from "../orchestration/auto-fulfill"
import { inFlight } from "../lib/in-flight"

/**
 * order.placed → the fulfillment and its label, when automatic fulfilment is on (with
 * `autoFulfill.on: "captured"` only for an order whose payment is captured already; the others
 * wait for payment.captured: auto-fulfill-payment-captured.ts); else the order is recorded as
 * waiting for an admin (Ready to ship).
 */
export default async function autoFulfillOnOrderPlaced({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await inFlight(() => orderPlaced(container, event.data.id))
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "shipping-services-auto-fulfill" },
}
