import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { shippingOf } from "../modules/shipping-services"
import { inFlight } from "../lib/in-flight"

/**
 * The Order Module's entity events fire on every write of an order row (each new version, its
 * cancel, and the cancel of an exchange or claim, which has no order event of its own): the spend
 * report recomputes what that order's shopper paid when it is next read.
 */
export default async function spendOrderChanged({
  event,
  container,
}: SubscriberArgs<{ id?: string | string[] }>) {
  const ids = [event.data?.id ?? []].flat()
  if (ids.length)
    await inFlight(() => shippingOf(container).spendOrdersChanged(ids))
}

export const config: SubscriberConfig = {
  event: ["order.order.updated", "order.order.deleted"],
  context: { subscriberId: "shipping-services-spend-order-changed" },
}
