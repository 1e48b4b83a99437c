import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { settleCanceledOrderWorkflow } from "../workflows/settle-canceled-order"
import { inFlight } from "../lib/in-flight"

/** order.canceled → the order stops waiting for a label (Ready to ship drops it; nothing buys it). */
export default async function settleCanceledOrder({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await inFlight(() =>
    settleCanceledOrderWorkflow(container).run({
      input: { order_id: event.data.id },
    })
  )
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "shipping-services-order-canceled" },
}
