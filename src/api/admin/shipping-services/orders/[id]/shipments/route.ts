import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { adminOrderShipments } from "../../../../../../orchestration/labels/order-shipments"

/** The order's labels (outbound and return) with their state and whether void is allowed, plus its automatic fulfillment. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json(await adminOrderShipments(req.scope, req.params.id))
}
