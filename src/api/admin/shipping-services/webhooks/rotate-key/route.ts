import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { PREVIOUS_KEY_GRACE_MS } from "../../../../../modules/shipping-services/service"
import {
  rotateWebhookKeys,
  webhookRegistrationStatus,
} from "../../../../../orchestration/webhooks/webhook-registration"
import { WebhookRegistrationError } from "../../../../../modules/shipping-services/webhook-registration/records"
import type { AdminRotateWebhookKeyType } from "../../validators"

/**
 * POST /admin/shipping-services/webhooks/rotate-key  (body: `{ type?: "tracking" | "locker" }`,
 * default every registered type)
 * A new webhook key: stored, then sent to the service (PUT); the previous key is still accepted
 * for 24 hours. 200 `{ webhooks, rotated, result }`; 400 when nothing is registered or webhooks
 * are off; 409 when another run holds the lock; 502 when the service could not be updated (the
 * new key is stored and the job sends it again; the old one keeps working meanwhile).
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminRotateWebhookKeyType>,
  res: MedusaResponse
) {
  const type = req.validatedBody?.type
  try {
    const { rotated, outcome } = await rotateWebhookKeys(
      req.scope,
      type ? [type] : undefined
    )
    const webhooks = await webhookRegistrationStatus(req.scope)
    if (!outcome.ok) {
      res.status(502).json({
        type: "shipping_service_error",
        message: `The new key is stored, but the shipping service could not be updated: ${outcome.error?.message}. The previous key stays accepted for ${PREVIOUS_KEY_GRACE_MS / 3_600_000} hours and the update is retried every 15 minutes.`,
        webhooks,
        rotated,
        result: outcome,
      })
      return
    }
    res.status(200).json({ webhooks, rotated, result: outcome })
  } catch (error) {
    if (error instanceof WebhookRegistrationError) {
      res.status(error.code === "busy" ? 409 : 400).json({
        type: error.code === "busy" ? "conflict" : "invalid_data",
        message: error.message,
      })
      return
    }
    throw error
  }
}
