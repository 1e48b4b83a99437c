import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { fulfillmentPlanOf } from "../../../../../../orchestration/auto-fulfillment/fulfill-now"
import { holdOrderWorkflow } from "../../../../../../workflows/hold-order"

/**
 * POST /admin/shipping-services/orders/:id/hold  (body: {})
 * 200 `{ order_id, status: "held" }`: nothing automatic buys its labels until released (a batch that
 * selects it does). 400 nothing to ship or not this provider's; 404; 409 its labels are being bought now.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const orderId = req.params.id
  const plan = await fulfillmentPlanOf(req.scope, orderId)
  await holdOrderWorkflow(req.scope).run({
    input: {
      order_id: orderId,
      facts: plan.facts ?? {},
      refusal: plan.shippable ? null : plan.reason,
    },
  })
  res.json({ order_id: orderId, status: "held" })
}
