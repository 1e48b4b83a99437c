import { Module } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"
import validateOptionsLoader from "./loaders/validate-options"
import ShippingServicesModuleService from "./service"

export { SHIPPING_SERVICES_MODULE }

/** The plugin's module service, as registered in a request's, step's or app's container. */
export const shippingOf = (
  container: Pick<MedusaContainer, "resolve">
): ShippingServicesModuleService => container.resolve(SHIPPING_SERVICES_MODULE)

export default Module(SHIPPING_SERVICES_MODULE, {
  service: ShippingServicesModuleService,
  loaders: [validateOptionsLoader],
})
