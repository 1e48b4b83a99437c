import type { MedusaContainer } from "@medusajs/framework/types"
import { pollTrackingSweep } from "../orchestration/tracking/tracking-poll"
import { runJob } from "../orchestration/jobs/job-runs"
import { scheduleFromOptions } from "../orchestration/jobs/job-schedule"
import { PLUGIN_JOBS } from "../lib/jobs"

/**
 * Tracking polling fallback: one sweep (src/orchestration/tracking/tracking-poll.ts) per tick of
 * options.polling.schedule. Which shipments are asked about is decided by the data (stale for
 * options.polling.staleAfterMinutes, not waiting after a poll or a failure), so a tick that finds
 * nothing due costs one small query.
 */
export default async function pollTracking(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () =>
    pollTrackingSweep(container)
  )
}

export const config = {
  name: PLUGIN_JOBS.pollTracking.name,
  get schedule(): string {
    return scheduleFromOptions("polling")
  },
}
