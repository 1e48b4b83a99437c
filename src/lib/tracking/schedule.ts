import { cronScheduleOf } from "../jobs"

export { isCronExpression } from "../jobs"

/**
 * The polling sweep's cron (polling.schedule), read when Medusa registers the job at start. A
 * malformed expression would stop the workflow engine's scheduler: it falls back to the default.
 */
export const DEFAULT_POLL_SCHEDULE = "*/15 * * * *"

export function pollScheduleOf(polling: { schedule?: string } | undefined): {
  schedule: string
  fallback: boolean
} {
  return cronScheduleOf(polling?.schedule, DEFAULT_POLL_SCHEDULE)
}
