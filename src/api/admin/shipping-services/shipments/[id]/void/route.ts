import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { voidShipmentLabelWorkflow } from "../../../../../../workflows/void-shipment-label"
import type { AdminVoidLabelType } from "../../../validators"
import { answer } from "../../../respond"

/** Voids the label at the service and cancels its fulfillment; refused once shipped or outside the void window. */
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
