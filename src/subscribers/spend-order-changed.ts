import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import { inFlight } from "../lib/in-flight"

/**
 * An order row changed in Medusa: the Order Module's entity events `order.order.updated` and
 * `order.order.deleted` `{ id }`, emitted for every write of the row, so for every new version
 * (an edit, exchange, claim or return confirmed, and their cancelation, which Medusa announces
 * with no order event of its own) and for a cancel. The spend report recomputes what that
 * order's shopper paid for shipping when it is next read.
 */
export default async function spendOrderChanged({
  event,
  container,
}: SubscriberArgs<{ id?: string | string[] }>) {
  const ids = [event.data?.id ?? []].flat()
  if (!ids.length) return
  await inFlight(() =>
    container
      .resolve<ShippingServicesModuleService>(SHIPPING_SERVICES_MODULE)
      .spendOrdersChanged(ids)
  )
}

export const config: SubscriberConfig = {
  event: ["order.order.updated", "order.order.deleted"],
  context: { subscriberId: "shipping-services-spend-order-changed" },
}
