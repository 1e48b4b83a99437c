import type { MedusaContainer } from "@medusajs/framework/types"
import { watchWebhookSilence } from "../orchestration/alerts/raise-alerts"
import { runJob } from "../orchestration/jobs/job-runs"
import { PLUGIN_JOBS } from "../lib/jobs"

/** Webhooks silent past alerts.webhookSilenceMinutes while parcels travel: one alert per silence. */
export default async function watchWebhooks(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () =>
    watchWebhookSilence(container)
  )
}

export const config = { ...PLUGIN_JOBS.watchWebhooks }
