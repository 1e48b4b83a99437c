import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../../../customer"
import { cancelCustomerReturn } from "../../../../../../../../orchestration/returns/cancel-return"

/**
 * POST /store/shipping-services/orders/:id/returns/:return_id/cancel  (publishable key; customer
 * session or bearer; no body) → 200 `{ return: { id, status, canceled_at } }`: the order's
 * customer withdraws a return with the plugin's labels before the parcel is handed to the carrier
 * (docs/storefront.md "Cancel a return"). 400 when it can no longer be (a parcel scanned, items
 * received), naming why; 409 while another return request of the order runs; anyone else, or a
 * return that is not this order's or carries no label of the plugin: the tracking route's 404.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const customerId = customerIdOf(req)
  res.status(200).json(
    await cancelCustomerReturn(req.scope, {
      orderId: req.params.id,
      returnId: req.params.return_id,
      customerId,
    })
  )
}
