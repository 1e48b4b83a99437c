import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { voidShipmentLabelWorkflow } from "../../../../../../workflows/void-shipment-label"
import type { AdminVoidLabelType } from "../../../validators"
import { answer } from "../../../respond"

/**
 * POST /admin/shipping-services/shipments/:id/void  (body: `{ no_notification? }`)
 * 200 `{ void: { status, void_status, voided_at } }`; 400 refused (shipped, outside the void window…), 404, 502.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminVoidLabelType>,
  res: MedusaResponse
) {
  await answer(res, async () => {
    const { result } = await voidShipmentLabelWorkflow(req.scope).run({
      input: {
        shipment_id: req.params.id,
        canceled_by: req.auth_context?.actor_id,
        no_notification: req.validatedBody?.no_notification,
      },
    })
    return { void: result }
  })
}
