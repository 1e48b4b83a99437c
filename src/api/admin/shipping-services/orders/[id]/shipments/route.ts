import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { adminOrderShipments } from "../../../../../../orchestration/labels/order-shipments"

/**
 * GET /admin/shipping-services/orders/:id/shipments
 * The order's labels (outbound and return) with carrier, service, tracking, charges, status,
 * timeline, label, reprints, whether void is allowed now and why not, and the order's automatic
 * fulfillment: `{ order_id, shipments: ShipmentView[], auto_fulfillment }` (the admin guide describes them).
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json(await adminOrderShipments(req.scope, req.params.id))
}
