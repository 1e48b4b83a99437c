import type { MedusaContainer } from "@medusajs/framework/types"
import { runJob } from "../orchestration/jobs/job-runs"
import { probeService } from "../orchestration/outage/service-outage"
import { PLUGIN_JOBS } from "../lib/jobs"

/**
 * Every 15 s: while the shipping service is not answering (the shop's outage is open), asks it
 * again; once it answers, the outage ends and every order and print batch that waited for it is
 * bought, oldest first (src/orchestration/outage/service-outage.ts). While it answers: one read.
 */
export default async function probeShippingService(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () => probeService(container))
}

export const config = {
  name: PLUGIN_JOBS.probeService.name,
  schedule: PLUGIN_JOBS.probeService.schedule,
}
