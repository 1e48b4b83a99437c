import type { MedusaContainer } from "@medusajs/framework/types"
import { resumeBatches } from "../orchestration/batches/run-batch"
import { runJob } from "../orchestration/job-runs"
import { PLUGIN_JOBS } from "../lib/jobs"

/**
 * Every minute: print batches whose process stopped (a restart, a crash, a deploy) are taken up
 * where their rows say they stopped, once their lease (`recovery.leaseSeconds`) ran out.
 */
export default async function resumePrintBatchesJob(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () => resumeBatches(container))
}

export const config = { ...PLUGIN_JOBS.resumePrintBatches }
