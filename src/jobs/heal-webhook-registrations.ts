import type { MedusaContainer } from "@medusajs/framework/types"
import { ensureWebhookRegistrations } from "../orchestration/webhooks/webhook-registration"
import { runJob } from "../orchestration/jobs/job-runs"
import { PLUGIN_JOBS } from "../lib/jobs"

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
  await runJob(container, config.name, context, () =>
    ensureWebhookRegistrations(container, {
      reason: "job",
      lockTimeoutSeconds: 5,
    })
  )
}

export const config = { ...PLUGIN_JOBS.healWebhooks }
