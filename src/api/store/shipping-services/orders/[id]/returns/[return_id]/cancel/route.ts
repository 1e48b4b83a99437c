import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../../../customer"
import { cancelCustomerReturn } from "../../../../../../../../orchestration/returns/cancel-return"

/** The order's customer withdraws a return with the plugin's labels before a parcel is scanned; anyone else: the tracking route's 404. */
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
