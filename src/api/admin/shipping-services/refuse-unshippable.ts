import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { refuseUnshippableOrder } from "../../../orchestration/checkout/checkout-check"

/**
 * Before Medusa's own admin routes that make an order without a cart: converting a draft order,
 * requesting or confirming an order edit. Checkout's dry run runs on what is left to ship, and
 * the route is refused (400, the shopper's words for the admin) when the service would refuse
 * it, as a cart would be at checkout.
 */
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
