import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../customer"
import { customerOrderReturns } from "../../../../../../orchestration/returns/store-returns"

/**
 * GET /store/shipping-services/orders/:id/returns  (publishable key; customer session or bearer)
 * The logged-in customer's returns of this order with the plugin's labels:
 * `{ returns: CustomerReturnView[] }` (docs/storefront.md "Return an item").
 * Another customer's order, a guest order, no login or an unknown id: the tracking route's 404.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const customerId = customerIdOf(req)
  res
    .status(200)
    .json(await customerOrderReturns(req.scope, req.params.id, customerId))
}
