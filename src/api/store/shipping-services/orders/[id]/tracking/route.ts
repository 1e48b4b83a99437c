import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { customerIdOf } from "../../../customer"
import { customerOrderParcels } from "../../../../../../orchestration/tracking/store-tracking"

/**
 * GET /store/shipping-services/orders/:id/tracking  (publishable key; customer session or bearer)
 * The parcels of the logged-in customer's order: `{ parcels: ParcelView[] }` (docs/storefront.md).
 * Another customer's order, a guest order, no login or an unknown id: the same 404.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const customerId = customerIdOf(req)
  res
    .status(200)
    .json(await customerOrderParcels(req.scope, req.params.id, customerId))
}
