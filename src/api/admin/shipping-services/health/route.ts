import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { shippingServicesHealth } from "../../../../orchestration/health/health"

/** The Health section: recent purchases, deliveries, waiting retries, orphans and jobs, each judged with what to do. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ health: await shippingServicesHealth(req.scope) })
}
