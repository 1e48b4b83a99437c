import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { hostname } from "node:os"
import { messageOf } from "../../lib/errors"
import { inFlight } from "../../lib/in-flight"
import {
  JOB_RUN_SETTING_PREFIX,
  type JobRunRecord,
  type PluginJobName,
} from "../../lib/jobs"
import { writeSetting } from "../../modules/shipping-services/settings"
import { SPANS, withSpan } from "../../lib/telemetry"
import { shippingOf } from "../../modules/shipping-services"

/**
 * One line per run of a scheduled job, at debug level: when it ran, in which process, and
 * Medusa's `scheduledFor` (with the Redis workflow engine: when the tick's job was queued). With
 * that engine a tick runs once in the whole cluster, on one of the workers; these lines are how
 * that is seen (the cluster tests count the runs per tick across every process's log).
 */
export function logJobRun(
  logger: Logger,
  job: string,
  context?: { scheduledFor?: Date },
  now = new Date()
): void {
  const queued =
    context?.scheduledFor instanceof Date &&
    !Number.isNaN(context.scheduledFor.getTime())
      ? context.scheduledFor.toISOString()
      : "unknown"
  logger.debug(
    `shipping-services: job ${job} ran at ${now.toISOString()} on ${hostname()}:${process.pid} (scheduled for ${queued})`
  )
}

/**
 * A scheduled job's run: logged (logJobRun), counted as background work (inFlight), traced, and
 * its end recorded on the job's row (`job-run:<name>` in shipping_services_setting), which the
 * Health section reads to show when each job last ran and whether it failed. A run that cannot
 * record itself (the database is away) still runs and rethrows nothing of the recording.
 */
export async function runJob<T>(
  container: MedusaContainer,
  job: PluginJobName,
  context: { scheduledFor?: Date } | undefined,
  work: () => Promise<T>
): Promise<T> {
  const logger: Logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const started = new Date()
  logJobRun(logger, job, context, started)
  let error: unknown
  try {
    return await inFlight(() => withSpan(SPANS.job, { "job.name": job }, work))
  } catch (e) {
    error = e
    throw e
  } finally {
    const record: JobRunRecord = {
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      ok: error === undefined,
      ...(error !== undefined ? { error: messageOf(error).slice(0, 500) } : {}),
      where: `${hostname()}:${process.pid}`,
    }
    const shipping = shippingOf(container)
    await writeSetting(
      shipping,
      `${JOB_RUN_SETTING_PREFIX}${job}`,
      record
    ).catch(() => undefined)
  }
}
