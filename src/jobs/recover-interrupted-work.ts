import type { MedusaContainer } from "@medusajs/framework/types"
import { runJob } from "../orchestration/jobs/job-runs"
import { scheduleFromOptions } from "../orchestration/jobs/job-schedule"
import { PLUGIN_JOBS } from "../lib/jobs"
import { recoverInterruptedWork } from "../orchestration/recovery/recovery"
import { registerStartUp } from "../lib/start-up"
import { onShippingServicesStart } from "../orchestration/start-up/boot"
import { startJobScheduleKeeper } from "../orchestration/jobs/job-schedule-keeper"

// Workers and shared instances load the jobs before Medusa runs the modules' start hooks: the
// plugin's start-up work goes to its module here (servers: on their first request). Only these
// processes hold the job schedules, so only they keep them (the job schedule keeper).
registerStartUp(onShippingServicesStart)
registerStartUp(startJobScheduleKeeper)

/** With a 30 s lease a killed worker's work is taken over within about a minute and a half. */
export default async function recoverInterruptedWorkJob(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () =>
    recoverInterruptedWork(container)
  )
}

/** Its schedule is options.recovery.schedule (every minute unless set), read at start. */
export const config = {
  name: PLUGIN_JOBS.recover.name,
  get schedule(): string {
    return scheduleFromOptions("recovery")
  },
}
