import type { Logger } from "@medusajs/framework/types"
import { hostname } from "node:os"

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
