import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ensureWebhookRegistrations } from "../orchestration/webhook-registration"
import { inFlight } from "../lib/in-flight"
import { logJobRun } from "../orchestration/job-runs"

/**
 * Every 15 minutes: reconcile the webhook registration with the service (doc 1). Heals drift (a
 * configuration changed, set in-active or deleted at the service) and retries a registration
 * that failed at install or start because the service was down. Quiet when nothing changes;
 * failures are logged and stored on the registration row (shown in the admin).
 */
export default async function healWebhookRegistrations(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  logJobRun(
    container.resolve(ContainerRegistrationKeys.LOGGER),
    config.name,
    context
  )
  await inFlight(() =>
    ensureWebhookRegistrations(container, {
      reason: "job",
      lockTimeoutSeconds: 5,
    })
  )
}

export const config = {
  name: "shipping-services-heal-webhook-registrations",
  schedule: "*/15 * * * *",
}
