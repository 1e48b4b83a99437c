import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { releaseOrder } from "../../../../../../orchestration/auto-fulfillment/hold-order"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/orders/:id/release  (body: {})
 * 200 `{ order_id, status }`: `pending` (automatic fulfillment buys it now) or `manual` (it is off).
 * 400 when the order is not held; 404.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  await answer(res, () => releaseOrder(req.scope, req.params.id))
}
