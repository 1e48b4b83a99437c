import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { ReturnsGuardView } from "../../../../lib/returns/refusal"
import { returnRefusalCounts } from "../../../../orchestration/returns/return-creation"
import { shippingOf } from "../../../../modules/shipping-services"

/**
 * GET /admin/shipping-services/returns
 * How store returns with the plugin's options are guarded (options.returns) and how many were
 * refused, by reason: `{ require_customer, label_page_url, refused: { total, no_session,
 * other_customer, unknown_order, last_at } }`.
 */
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
