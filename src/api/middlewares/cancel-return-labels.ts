import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { cancelReturnFulfillmentsForAdmin } from "../../orchestration/cancel-return"

/**
 * POST /admin/returns/:id/cancel (Medusa's route, the dashboard's "Cancel return"): Medusa's
 * cancelReturnWorkflow refuses a return whose fulfillments are not canceled, and nothing in
 * Medusa cancels a return's fulfillment. For a return with the plugin's labels they are canceled
 * here first (labels withdrawn: return labels cannot be voided), then Medusa's route cancels the
 * return. A refusal (a parcel with the carrier, items received) answers before anything changed.
 */
export async function cancelReturnLabels(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    await cancelReturnFulfillmentsForAdmin(req.scope, req.params.id)
    next()
  } catch (error) {
    next(error)
  }
}
