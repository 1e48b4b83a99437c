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
 * Medusa's cancelReturnWorkflow refuses a return whose fulfillments are not canceled, and nothing in Medusa cancels
 * them: with our labels they are canceled (withdrawn) here first. A refusal answers before anything changed.
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

/** The same for an exchange's or claim's cancel. */
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
