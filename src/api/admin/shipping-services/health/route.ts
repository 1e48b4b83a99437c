import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { shippingServicesHealth } from "../../../../orchestration/health/health"

/**
 * GET /admin/shipping-services/health: the Health section of Settings → Shipping services —
 * the last hour's purchases and failures, webhook deliveries and the oldest unapplied event,
 * automatic fulfillments waiting for a retry, orphans and the scheduled jobs, each judged
 * (ok / warning / critical) with what to do.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ health: await shippingServicesHealth(req.scope) })
}
