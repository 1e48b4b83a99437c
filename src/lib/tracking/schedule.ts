import { cronScheduleOf } from "../jobs"

export { isCronExpression } from "../jobs"

/**
 * The cron schedule of the polling sweep (options.polling.schedule). A scheduled job's `config`
 * is read once, when Medusa registers the job at start, so src/jobs/poll-tracking.ts reads the
 * option then (through a getter) and a change takes effect at the next start. A malformed
 * expression would stop the workflow engine's scheduler at start: it falls back to the default.
 * Pure.
 */
export const DEFAULT_POLL_SCHEDULE = "*/15 * * * *"

export function pollScheduleOf(polling: { schedule?: string } | undefined): {
  schedule: string
  fallback: boolean
} {
  return cronScheduleOf(polling?.schedule, DEFAULT_POLL_SCHEDULE)
}
