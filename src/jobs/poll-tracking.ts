import type { MedusaContainer } from "@medusajs/framework/types"
import { pollTrackingSweep } from "../orchestration/tracking/tracking-poll"
import { runJob } from "../orchestration/jobs/job-runs"
import { scheduleFromOptions } from "../orchestration/jobs/job-schedule"
import { PLUGIN_JOBS } from "../lib/jobs"

/** Tracking's polling fallback, one sweep per tick of polling.schedule: a tick with nothing due costs one small query. */
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
