/**
 * The cron schedule of the polling sweep (options.polling.schedule). A scheduled job's `config`
 * is read once, when Medusa registers the job at start, so src/jobs/poll-tracking.ts reads the
 * option then (through a getter) and a change takes effect at the next start. A malformed
 * expression would stop the workflow engine's scheduler at start: it falls back to the default.
 * Pure.
 */
export const DEFAULT_POLL_SCHEDULE = "*/15 * * * *"

const FIELD = /^[0-9*/,\-?LW#A-Za-z]+$/

/** Five fields (or six, seconds first), each made of cron characters; ranges are the engine's to check. */
export function isCronExpression(expr: unknown): expr is string {
  if (typeof expr !== "string") return false
  const fields = expr.trim().split(/\s+/)
  return (
    (fields.length === 5 || fields.length === 6) &&
    fields.every((f) => FIELD.test(f))
  )
}

export function pollScheduleOf(polling: { schedule?: string } | undefined): {
  schedule: string
  fallback: boolean
} {
  const wanted = polling?.schedule?.trim()
  if (!wanted) return { schedule: DEFAULT_POLL_SCHEDULE, fallback: false }
  return isCronExpression(wanted)
    ? { schedule: wanted, fallback: false }
    : { schedule: DEFAULT_POLL_SCHEDULE, fallback: true }
}
