import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { OrderChangeKind } from "../../lib/returns/order-change"
import {
  cancelChangeReturnFulfillmentsForAdmin,
  cancelReturnFulfillmentsForAdmin,
} from "../../orchestration/returns/cancel-return"

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

/**
 * POST /admin/exchanges/:id/cancel and /admin/claims/:id/cancel (Medusa's routes): the change's
 * return fulfillments with the plugin's labels are canceled first (labels withdrawn), which
 * Medusa's cancel workflows require and cannot do themselves; a refusal answers before anything
 * changed.
 */
export function cancelChangeReturnLabels(kind: OrderChangeKind) {
  return async function (
    req: MedusaRequest,
    _res: MedusaResponse,
    next: MedusaNextFunction
  ) {
    try {
      await cancelChangeReturnFulfillmentsForAdmin(req.scope, {
        kind,
        id: req.params.id,
      })
      next()
    } catch (error) {
      next(error)
    }
  }
}
