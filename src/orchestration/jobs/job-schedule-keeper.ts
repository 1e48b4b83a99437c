import type { Logger } from "@medusajs/framework/types"
import { WorkflowManager } from "@medusajs/framework/orchestration"
import { lateJobs, PLUGIN_JOBS, recoveryScheduleOf } from "../../lib/jobs"
import { messageOf } from "../../lib/errors"
import { registerShutdown } from "../../lib/start-up"
import { pollScheduleOf } from "../../lib/tracking/schedule"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"

/** How often a worker looks at its jobs' last runs. */
const TICK_MS = 60_000
/** At most one re-registration per process in this time (lateness with another cause). */
const MIN_GAP_MS = 10 * 60_000

/** Medusa's job loader registers a job as the scheduled workflow `job-<name>` (2.21). */
const workflowIdOf = (job: string) => `job-${job}`

type Scheduled = { id: string; options?: { schedule?: unknown } }

export type KeeperDeps = {
  now: Date
  /** When this process started: a job is judged late only once it had time to run here. */
  processStartedAt: Date
  /** When this process last registered the schedules again (null: never). */
  lastRestoredAt: Date | null
  /** The scheduled workflow of a job in this process (Medusa's WorkflowManager). */
  workflowOf: (id: string) => Scheduled | undefined
  /** Registers a scheduled workflow with the workflow engine (idempotent: same key, replaced). */
  schedule: (workflow: Scheduled) => Promise<void>
}

/**
 * The plugin's scheduled jobs live in the workflow engine: with the Redis engine, as repeatable
 * jobs in Redis, registered once when a worker starts. A Redis restarted without its data
 * (no append-only file, a failover to an empty replica) forgets them, and until a worker
 * restarts nothing runs the recovery, the retries, the polling or the webhook-silence alert:
 * the shop goes dark without a word but the Health section's "late".
 *
 * So every worker (and shared instance) looks once a minute at when each of the plugin's jobs
 * last started (their rows in shipping_services_setting, src/orchestration/jobs/job-runs.ts). When one
 * is late (`lateJobs`: two of its intervals and two minutes), and this process has been up
 * longer than that, it registers every one of the plugin's job schedules again, exactly as
 * Medusa did at start (the engine replaces a schedule of the same key, so a schedule that was
 * still there is unchanged), and says so in the log. The application's other jobs are not the
 * plugin's to touch (a job limited to N runs would start counting again): the warning says to
 * restart the workers for them. Returns the jobs registered again.
 */
export async function keepJobSchedules(
  shipping: Pick<ShippingServicesModuleService, "jobRuns" | "getOptions">,
  logger: Logger,
  deps: KeeperDeps
): Promise<string[]> {
  const { now } = deps
  if (
    deps.lastRestoredAt &&
    now.getTime() - deps.lastRestoredAt.getTime() < MIN_GAP_MS
  )
    return []
  const runs = await shipping.jobRuns()
  const options = shipping.getOptions()
  const up = now.getTime() - deps.processStartedAt.getTime()
  const late = lateJobs(
    runs,
    {
      polling: pollScheduleOf(options.polling).schedule,
      recovery: recoveryScheduleOf(options.recovery).schedule,
    },
    now
  ).filter((job) => up > job.lateAfterMs)
  if (!late.length) return []
  const restored: string[] = []
  for (const job of Object.values(PLUGIN_JOBS)) {
    const workflow = deps.workflowOf(workflowIdOf(job.name))
    // A server loads no jobs: nothing of its own to register.
    if (!workflow?.options?.schedule) continue
    await deps.schedule(workflow)
    restored.push(job.name)
  }
  if (restored.length)
    logger.warn(
      `shipping-services: scheduled job(s) ${late.map((j) => j.name).join(", ")} did not run for longer than their schedule allows: registered the plugin's ${restored.length} job schedules with the workflow engine again. A Redis restarted without its data forgets every schedule: keep its append-only file on, and restart the workers to restore the application's other jobs.`
    )
  return restored
}

const KEY = Symbol.for("medusa-plugin-shipping-services.job-schedule-keeper")

/**
 * Starts the keeper in this process, once (start-up work of the processes that load jobs:
 * src/jobs/recover-interrupted-work.ts). Its timer never keeps the process alive, and stops when
 * the application shuts down.
 */
export async function startJobScheduleKeeper(
  shipping: ShippingServicesModuleService,
  logger: Logger
): Promise<void> {
  const holder = globalThis as { [KEY]?: NodeJS.Timeout }
  if (holder[KEY]) return
  const processStartedAt = new Date()
  let lastRestoredAt: Date | null = null
  let running = false
  holder[KEY] = setInterval(() => {
    if (running) return
    running = true
    const now = new Date()
    keepJobSchedules(shipping, logger, {
      now,
      processStartedAt,
      lastRestoredAt,
      workflowOf: (id) => WorkflowManager.getWorkflow(id) as Scheduled,
      schedule: (workflow) =>
        WorkflowManager.scheduler.scheduleWorkflow(workflow as never),
    })
      .then((restored) => {
        if (restored.length) lastRestoredAt = now
      })
      .catch((error) =>
        logger.warn(
          `shipping-services: could not check the job schedules: ${messageOf(error)}`
        )
      )
      .finally(() => {
        running = false
      })
  }, TICK_MS)
  holder[KEY].unref()
  registerShutdown(() => {
    clearInterval(holder[KEY])
    delete holder[KEY]
  })
}
