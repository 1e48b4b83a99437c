import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { fulfillmentPlanOf } from "../../../../../../orchestration/auto-fulfillment/fulfill-now"
import { holdOrderWorkflow } from "../../../../../../workflows/hold-order"

/** Nothing automatic buys the order's labels until it is released (a batch that selects it does); 409 while they are bought. */
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
