import type { Logger } from "@medusajs/framework/types"
import { WorkflowManager } from "@medusajs/framework/orchestration"
import { lateJobs, recoveryScheduleOf } from "../../lib/jobs"
import { messageOf } from "../../lib/errors"
import { registerShutdown } from "../../lib/start-up"
import { pollScheduleOf } from "../../lib/tracking/schedule"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"

const TICK_MS = 15_000
/** Two intervals and this: a job queued behind another's long run on a worker is not lost. */
const SLACK_MS = 30_000

/** Medusa's job loader names it so (2.21). */
const workflowIdOf = (job: string) => `job-${job}`

type Scheduled = { id: string; options?: { schedule?: unknown } }

export type KeeperDeps = {
  now: Date
  /** A job is judged late only once it had time to run here. */
  processStartedAt: Date
  /** When a keeper (of any process) last registered each job again: counted as a run, so a job late for another cause is not registered at every check. */
  restoredAt: Readonly<Record<string, string | null>>
  /** Compare-and-set on `restoredAt`'s entry: only the process that wins registers the job (and gives it back, `at` to `seen`, when that fails). */
  claim: (
    job: string,
    seen: string | null,
    at: string | null
  ) => Promise<boolean>
  /** Medusa's WorkflowManager. */
  workflowOf: (id: string) => Scheduled | undefined
  /** Idempotent: same key, replaced. */
  schedule: (workflow: Scheduled) => Promise<void>
}

/**
 * A Redis restarted empty, or a worker starting during a job's tick, loses schedules: the late ones
 * are registered again as Medusa did, by one worker (a second registration can lose a tick).
 */
export async function keepJobSchedules(
  shipping: Pick<ShippingServicesModuleService, "jobRuns" | "getOptions">,
  logger: Logger,
  deps: KeeperDeps
): Promise<string[]> {
  const { now } = deps
  const runs = (await shipping.jobRuns()).map((run) => {
    const restored = deps.restoredAt[run.name]
    return restored && restored > run.started_at
      ? { ...run, started_at: restored }
      : run
  })
  const options = shipping.getOptions()
  const up = now.getTime() - deps.processStartedAt.getTime()
  const late = lateJobs(
    runs,
    {
      polling: pollScheduleOf(options.polling).schedule,
      recovery: recoveryScheduleOf(options.recovery).schedule,
    },
    now,
    SLACK_MS
  ).filter((job) => up > job.lateAfterMs)
  const restored: string[] = []
  for (const job of late) {
    const workflow = deps.workflowOf(workflowIdOf(job.name))
    // A server loads no jobs.
    if (!workflow?.options?.schedule) continue
    const seen = deps.restoredAt[job.name] ?? null
    const at = now.toISOString()
    if (!(await deps.claim(job.name, seen, at))) continue
    try {
      await deps.schedule(workflow)
    } catch (error) {
      // Not registered: given back, so the next check (of any worker) tries again.
      await deps.claim(job.name, at, seen).catch(() => undefined)
      logger.warn(
        `shipping-services: could not register the schedule of job ${job.name} again: ${messageOf(error)}`
      )
      continue
    }
    restored.push(job.name)
  }
  if (restored.length)
    logger.warn(
      `shipping-services: scheduled job(s) ${restored.join(", ")} did not run for longer than their schedule allows: registered their schedules with the workflow engine again. A Redis restarted without its data forgets every schedule: keep its append-only file on, and restart the workers to restore the application's other jobs.`
    )
  return restored
}

const KEY = Symbol.for("medusa-plugin-shipping-services.job-schedule-keeper")

/** Once per process; its timer never keeps the process alive and stops at shutdown. */
export async function startJobScheduleKeeper(
  shipping: ShippingServicesModuleService,
  logger: Logger
): Promise<void> {
  const holder = globalThis as { [KEY]?: NodeJS.Timeout }
  if (holder[KEY]) return
  const processStartedAt = new Date()
  const restorations = shipping.jobRestorations()
  let running = false
  holder[KEY] = setInterval(() => {
    if (running) return
    running = true
    restorations
      .read()
      .then((restoredAt) =>
        keepJobSchedules(shipping, logger, {
          now: new Date(),
          processStartedAt,
          restoredAt,
          claim: restorations.claim,
          workflowOf: (id) => WorkflowManager.getWorkflow(id) as Scheduled,
          schedule: (workflow) =>
            WorkflowManager.scheduler.scheduleWorkflow(workflow as never),
        })
      )
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
