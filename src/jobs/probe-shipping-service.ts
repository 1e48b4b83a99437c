import type { MedusaContainer } from "@medusajs/framework/types"
import { runJob } from "../orchestration/jobs/job-runs"
import { probeService } from "../orchestration/outage/service-outage"
import { PLUGIN_JOBS } from "../lib/jobs"

/** During an outage, asks the service again; once it answers, what waited is bought, oldest first. Else one read. */
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
