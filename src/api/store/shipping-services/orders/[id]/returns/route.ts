import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../customer"
import { customerOrderReturns } from "../../../../../../orchestration/returns/store-returns"

/** The logged-in customer's returns of this order with the plugin's labels; anyone else: the tracking route's 404. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const customerId = customerIdOf(req)
  res
    .status(200)
    .json(await customerOrderReturns(req.scope, req.params.id, customerId))
}
