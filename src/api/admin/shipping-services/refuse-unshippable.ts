import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { refuseUnshippableOrder } from "../../../orchestration/checkout/checkout-check"

/** Draft-order conversions and order edits make orders without a cart: refuse them as checkout would. */
export function refuseUnshippable(kind: "draft-order" | "order-edit") {
  return (
    req: MedusaRequest,
    _res: MedusaResponse,
    next: MedusaNextFunction
  ) => {
    const id = req.params.id
    refuseUnshippableOrder(
      req.scope,
      kind === "draft-order" ? { draftOrderId: id } : { editedOrderId: id }
    ).then(() => next(), next)
  }
}
