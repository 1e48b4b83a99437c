import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { holdOrder } from "../../../../../../orchestration/auto-fulfillment/hold-order"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/orders/:id/hold  (body: {})
 * 200 `{ order_id, status: "held" }`: nothing automatic buys its labels until it is released (a
 * batch that selects it does). 400 nothing to ship or not this provider's; 404; 409 its labels are being bought now.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  await answer(res, () => holdOrder(req.scope, req.params.id))
}
