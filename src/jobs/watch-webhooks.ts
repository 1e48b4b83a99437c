import type { MedusaContainer } from "@medusajs/framework/types"
import { watchWebhookSilence } from "../orchestration/alerts/raise-alerts"
import { runJob } from "../orchestration/jobs/job-runs"
import { PLUGIN_JOBS } from "../lib/jobs"

/**
 * Every minute: tracking webhooks silent for longer than alerts.webhookSilenceMinutes while
 * parcels are on their way raise the `shipping-services.alert` event, once per silence
 * (src/orchestration/alerts/raise-alerts.ts). A read of one row when all is well.
 */
export default async function watchWebhooks(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () =>
    watchWebhookSilence(container)
  )
}

export const config = { ...PLUGIN_JOBS.watchWebhooks }
