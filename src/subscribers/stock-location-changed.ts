import type { SubscriberConfig } from "@medusajs/framework"
import {
  buildEventNamesFromEntityName,
  Modules,
} from "@medusajs/framework/utils"
import { forgetStockLocations } from "../providers/shipping-services/ports"
import { forgetShopLocations } from "../orchestration/auto-fulfillment/shop-locations"

/**
 * A stock location or its address was created, updated or deleted (the Stock Location Module's
 * entity events, named by Medusa's own builder: 2.21 exports no constant for them): this process
 * reads the warehouses afresh, so the next label ships from the address the admin just saved, and
 * checkout and the automatic fulfillment know a new warehouse. Other processes within a minute
 * (the provider's ports, the automatic fulfillment's plan).
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
