import { defineLink } from "@medusajs/framework/utils"
import FulfillmentModule from "@medusajs/medusa/fulfillment"
import ShippingServicesModule from "../modules/shipping-services"

/** A fulfillment's parcels: one label (shipment record) each. */
export default defineLink(FulfillmentModule.linkable.fulfillment, {
  linkable: ShippingServicesModule.linkable.shipment,
  isList: true,
})
