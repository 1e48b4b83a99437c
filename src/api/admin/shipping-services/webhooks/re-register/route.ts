import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ensureWebhookRegistrations,
  webhookRegistrationStatus,
} from "../../../../../orchestration/webhooks/webhook-registration"
import type { AdminReRegisterWebhooksType } from "../../validators"

/** Reconciles the registration with the service now, also after the remove-webhooks script. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminReRegisterWebhooksType>,
  res: MedusaResponse
) {
  const result = await ensureWebhookRegistrations(req.scope, {
    reason: "admin",
    force: true,
    lockTimeoutSeconds: 30,
  })
  const webhooks = await webhookRegistrationStatus(req.scope)
  if (
    result.skipped?.code === "disabled" ||
    result.skipped?.code === "no-public-url"
  ) {
    res.status(400).json({
      type: "invalid_data",
      message: result.skipped.message,
      webhooks,
      result,
    })
    return
  }
  if (result.skipped?.code === "busy") {
    res.status(409).json({
      type: "conflict",
      message: "Another webhook registration is running; try again in a minute",
      webhooks,
      result,
    })
    return
  }
  if (!result.ok) {
    res.status(502).json({
      type: "shipping_service_error",
      message: `The shipping service could not register the webhook: ${result.error?.message}`,
      webhooks,
      result,
    })
    return
  }
  res.status(200).json({ webhooks, result })
}
