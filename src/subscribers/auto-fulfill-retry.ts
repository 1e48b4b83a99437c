import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  orderChanged,
  orderPlaced,
  paymentCaptured,
} from "../orchestration/auto-fulfillment/auto-fulfill"
import {
  AUTO_FULFILL_RETRY_EVENT,
  type AutoFulfillRetryData,
} from "../orchestration/auto-fulfillment/event-retry"
import { inFlight } from "../lib/in-flight"

/**
 * The plugin's copy of an `order.placed`, `payment.captured` or order change whose subscriber
 * failed: the same
 * work again. A failure here is thrown, so the event bus runs it again with the plugin's retries
 * (the event is emitted with them); after the last, the sweep for lost orders is left.
 */
export default async function retryAutoFulfillment({
  event,
  container,
}: SubscriberArgs<AutoFulfillRetryData>) {
  const { source, id } = event.data
  await inFlight(() =>
    source === "payment.captured"
      ? paymentCaptured(container, id)
      : source === "order.changed"
        ? orderChanged(container, id)
        : orderPlaced(container, id)
  )
}

export const config: SubscriberConfig = {
  event: AUTO_FULFILL_RETRY_EVENT,
  context: { subscriberId: "shipping-services-auto-fulfill-retry" },
}
