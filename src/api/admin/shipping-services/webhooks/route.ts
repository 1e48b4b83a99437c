import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { webhookRegistrationStatus } from "../../../../orchestration/webhooks/webhook-registration"

/** Each webhook type's registration: its last sync, delivery, rotation and error, never a key. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json({ webhooks: await webhookRegistrationStatus(req.scope) })
}
