import { Module } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"
import validateOptionsLoader from "./loaders/validate-options"
import ShippingServicesModuleService from "./service"

export { SHIPPING_SERVICES_MODULE }

export default Module(SHIPPING_SERVICES_MODULE, {
  service: ShippingServicesModuleService,
  loaders: [validateOptionsLoader],
})
