import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { ShippingServicesProviderService } from "./service"

export default ModuleProvider(Modules.FULFILLMENT, {
  services: [ShippingServicesProviderService],
})
