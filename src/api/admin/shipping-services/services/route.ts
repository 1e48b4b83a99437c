import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { serviceView } from "../../../../lib/views/service-view"
import type ShippingServicesModuleService from "../../../../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../../../../options/resolve"

/**
 * GET /admin/shipping-services/services
 * The enabled services (options.services): `{ services: ServiceView[] }`, field by field.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const shipping: ShippingServicesModuleService = req.scope.resolve(
    SHIPPING_SERVICES_MODULE
  )
  res
    .status(200)
    .json({ services: shipping.getOptions().services.map(serviceView) })
}
