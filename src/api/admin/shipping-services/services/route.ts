import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { serviceView } from "../../../../lib/views/service-view"
import { shippingOf } from "../../../../modules/shipping-services"

/** The enabled services, field by field. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const shipping = shippingOf(req.scope)
  res
    .status(200)
    .json({ services: shipping.getOptions().services.map(serviceView) })
}
