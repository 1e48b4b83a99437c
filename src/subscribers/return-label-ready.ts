import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { inFlight } from "../lib/in-flight"
import { announceReturnLabels } from "../orchestration/returns/return-labels"

/**
 * Medusa's `order.return_requested` (a customer's POST /store/returns, or an admin's return) →
 * `shipping-services.return.label_ready` when the return carries labels of the plugin.
 */
export default async function returnLabelReady({
  event,
  container,
}: SubscriberArgs<{ order_id?: string; return_id?: string }>) {
  const returnId = event.data.return_id
  if (!returnId) return
  await inFlight(() => announceReturnLabels(container, returnId))
}

export const config: SubscriberConfig = {
  event: "order.return_requested",
  context: { subscriberId: "shipping-services-return-label-ready" },
}
