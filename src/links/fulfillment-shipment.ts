import { defineLink } from "@medusajs/framework/utils"
import FulfillmentModule from "@medusajs/medusa/fulfillment"
import ShippingServicesModule from "../modules/shipping-services"

/** A fulfillment is one parcel (the service has no multi-parcel shipments): one label. */
export default defineLink(FulfillmentModule.linkable.fulfillment, ShippingServicesModule.linkable.shipment)
