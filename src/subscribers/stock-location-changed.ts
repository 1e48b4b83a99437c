import type { SubscriberConfig } from "@medusajs/framework"
import {
  buildEventNamesFromEntityName,
  Modules,
} from "@medusajs/framework/utils"
import { forgetStockLocations } from "../providers/shipping-services/ports"
import { forgetShopLocations } from "../orchestration/auto-fulfillment/shop-locations"

/**
 * A stock location or its address changed (entity events Medusa 2.21 has no constant for): this
 * process reads the warehouses afresh at once, the others within a minute.
 */
export default async function stockLocationChanged() {
  forgetStockLocations()
  forgetShopLocations()
}

const events = buildEventNamesFromEntityName(
  ["stockLocation", "stockLocationAddress"],
  Modules.STOCK_LOCATION
)

export const config: SubscriberConfig = {
  event: [
    events.STOCK_LOCATION_CREATED,
    events.STOCK_LOCATION_UPDATED,
    events.STOCK_LOCATION_DELETED,
    events.STOCK_LOCATION_ADDRESS_UPDATED,
    events.STOCK_LOCATION_ADDRESS_DELETED,
  ],
  context: { subscriberId: "shipping-services-stock-location-changed" },
}
