import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import ShippingServicesModule from "../modules/shipping-services"

/** An order's labels, outbound and return, for the admin widget and the storefront route. */
export default defineLink(OrderModule.linkable.order, {
  linkable: ShippingServicesModule.linkable.shipment,
  isList: true,
})
