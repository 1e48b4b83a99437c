import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { ReturnsGuardView } from "../../../../lib/returns/refusal"
import { returnRefusalCounts } from "../../../../orchestration/returns/return-creation"
import { shippingOf } from "../../../../modules/shipping-services"

/** How store returns are guarded (options.returns) and how many were refused, by reason. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const shipping = shippingOf(req.scope)
  const { returns } = shipping.getOptions()
  const view: ReturnsGuardView = {
    require_customer: returns.requireCustomer,
    label_page_url: returns.labelPageUrl ?? null,
    refused: await returnRefusalCounts(req.scope),
  }
  res.status(200).json(view)
}
