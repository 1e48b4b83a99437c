import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { inFlight } from "../../../../../../lib/in-flight"
import { shippingOf } from "../../../../../../modules/shipping-services"
import { autoFulfillOrder } from "../../../../../../orchestration/auto-fulfillment/auto-fulfill"
import { releaseOrderWorkflow } from "../../../../../../workflows/hold-order"

/** Back to `pending` (automatic fulfillment buys it now) or `manual` (it is off). */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const orderId = req.params.id
  const automatic = shippingOf(req.scope).getOptions().autoFulfill.enabled
  const status = automatic ? "pending" : "manual"
  await releaseOrderWorkflow(req.scope).run({
    input: {
      order_id: orderId,
      status,
      next_attempt_at: automatic ? new Date() : null,
    },
  })
  // The retry job buys it should this process stop first: the row is pending and due.
  if (automatic) void inFlight(() => autoFulfillOrder(req.scope, orderId))
  res.json({ order_id: orderId, status })
}
