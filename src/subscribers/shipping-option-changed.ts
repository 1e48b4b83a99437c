import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FulfillmentEvents } from "@medusajs/framework/utils"
import { forgetShippingOption } from "../orchestration/auto-fulfillment/shipping-option-facts"

/**
 * A shipping option was updated or deleted (the Fulfillment Module's entity events, `{ id }`):
 * this process forgets what it remembered of it (its provider and service), so the next order
 * reads it afresh. Other processes forget within a minute.
 */
export default async function shippingOptionChanged({
  event,
}: SubscriberArgs<{ id?: string }>) {
  forgetShippingOption(event.data?.id)
}

export const config: SubscriberConfig = {
  event: [
    FulfillmentEvents.SHIPPING_OPTION_UPDATED,
    FulfillmentEvents.SHIPPING_OPTION_DELETED,
  ],
  context: { subscriberId: "shipping-services-shipping-option-changed" },
}
