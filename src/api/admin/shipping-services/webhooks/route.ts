import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { webhookRegistrationStatus } from "../../../../orchestration/webhooks/webhook-registration"

/**
 * GET /admin/shipping-services/webhooks
 * The webhook registration per type: configuration id, url, events, status, header name, last
 * sync, last delivery, last rotation, last error, and until when the previous key is accepted.
 * Never a key.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json({ webhooks: await webhookRegistrationStatus(req.scope) })
}
