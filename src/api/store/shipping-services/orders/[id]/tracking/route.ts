import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../customer"
import { customerOrderParcels } from "../../../../../../orchestration/tracking/store-tracking"

/** The parcels of the logged-in customer's order; another customer's, a guest order or no login: the same 404 as an unknown id. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const customerId = customerIdOf(req)
  res
    .status(200)
    .json(await customerOrderParcels(req.scope, req.params.id, customerId))
}
