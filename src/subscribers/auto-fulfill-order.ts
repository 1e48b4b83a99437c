import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { autoFulfillOrder } from "../orchestration/auto-fulfill"
import { inFlight } from "../orchestration/in-flight"

/** order.placed → the fulfillment and its label, when automatic fulfilment is on. */
export default async function autoFulfillOnOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  await inFlight(() => autoFulfillOrder(container, event.data.id))
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "shipping-services-auto-fulfill" },
}
