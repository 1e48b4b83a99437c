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

/** A new webhook key, stored before it is sent: the previous one stays accepted for a day, so a failed send (502) loses nothing. */
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
