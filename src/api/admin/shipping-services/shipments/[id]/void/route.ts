import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { adminShipmentView } from "../../../../../../orchestration/labels/order-shipments"
import { voidLabel } from "../../../../../../orchestration/labels/void-label"
import type { AdminVoidLabelType } from "../../../validators"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/shipments/:id/void  (body: `{ no_notification? }`)
 * Cancels the label's Medusa fulfillment (cancelOrderFulfillmentWorkflow), which voids it at the
 * service. 200 `{ void: { status, void_status, voided_at }, shipment }`; 400 when Medusa or the
 * service refuses (shipped, outside the void window, return label…), 404, 502.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminVoidLabelType>,
  res: MedusaResponse
) {
  await answer(res, async () => {
    const result = await voidLabel(req.scope, req.params.id, {
      canceledBy: req.auth_context?.actor_id,
      noNotification: req.validatedBody?.no_notification,
    })
    return {
      void: result,
      shipment: await adminShipmentView(req.scope, req.params.id),
    }
  })
}
