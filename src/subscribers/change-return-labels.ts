import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { inFlight } from "../lib/in-flight"
import {
  ORDER_CHANGE_EVENTS,
  orderChangeOfEvent,
} from "../lib/returns/order-change"
import {
  CHANGE_RETURN_LABEL_RETRY_EVENT,
  changeReturnLabels,
  changeReturnLabelsWithRetry,
} from "../orchestration/returns/change-return-labels"

/**
 * A confirmed exchange or claim (Medusa's `order.exchange_created`, `order.claim_created`) → the
 * return label of its inbound part, when that part uses one of the plugin's return options
 * (src/orchestration/returns/change-return-labels.ts). A failure is run again with the plugin's retries:
 * Medusa emits these events once. The plugin's retry event throws on failure, so the event bus
 * runs it again.
 */
export default async function changeReturnLabelsSubscriber({
  event,
  container,
}: SubscriberArgs<Record<string, unknown>>) {
  const change = orderChangeOfEvent(event.name, event.data)
  if (!change) return
  await inFlight(() =>
    event.name === CHANGE_RETURN_LABEL_RETRY_EVENT
      ? changeReturnLabels(container, change)
      : changeReturnLabelsWithRetry(container, change)
  )
}

export const config: SubscriberConfig = {
  event: [
    ORDER_CHANGE_EVENTS.exchange,
    ORDER_CHANGE_EVENTS.claim,
    CHANGE_RETURN_LABEL_RETRY_EVENT,
  ],
  context: { subscriberId: "shipping-services-change-return-labels" },
}
