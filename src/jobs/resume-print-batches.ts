import type { MedusaContainer } from "@medusajs/framework/types"
import { resumeBatches } from "../orchestration/batches/run-batch"
import { runJob } from "../orchestration/jobs/job-runs"
import { scheduleFromOptions } from "../orchestration/jobs/job-schedule"
import { PLUGIN_JOBS } from "../lib/jobs"

/**
 * On options.recovery.schedule (every minute by default): print batches whose process stopped
 * (a restart, a crash, a deploy) are taken up where their rows say they stopped, once their lease
 * (`recovery.leaseSeconds`) ran out.
 */
export default async function resumePrintBatchesJob(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () => resumeBatches(container))
}

/** Its schedule is options.recovery.schedule (every minute unless set), read at start. */
export const config = {
  name: PLUGIN_JOBS.resumePrintBatches.name,
  get schedule(): string {
    return scheduleFromOptions("recovery")
  },
}
