import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { inFlight } from "../lib/in-flight"

/** order.canceled → the order stops waiting for a label (Ready to ship drops it; nothing buys it). */
export default async function settleCanceledOrder({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await inFlight(async () => {
    const shipping: ShippingServicesModuleService = container.resolve(
      SHIPPING_SERVICES_MODULE
    )
    await shipping.settleCanceledOrder(event.data.id)
  })
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "shipping-services-order-canceled" },
}
