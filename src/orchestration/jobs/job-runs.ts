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

/** Debug level; with the Redis engine a tick runs once cluster-wide, and the cluster tests count these lines. */
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

/** Logged, counted as background work, traced and recorded for Health; a failed record never fails the run. */
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
