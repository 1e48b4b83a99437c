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

/** A confirmed exchange's or claim's inbound part on a return option of ours gets its label; Medusa emits once, so a failure goes to the plugin's retried copy. */
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
