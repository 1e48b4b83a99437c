/** Health flags a late job (workers or Redis stopped it); a null `schedule` runs on `scheduleOption`. */
export const PLUGIN_JOBS = {
  /** On options.recovery.schedule (every minute by default). */
  recover: {
    name: "shipping-services-recover-interrupted-work",
    schedule: null,
    scheduleOption: "recovery",
  },
  retryAutoFulfillments: {
    name: "shipping-services-retry-auto-fulfillments",
    schedule: null,
    scheduleOption: "recovery",
  },
  resumePrintBatches: {
    name: "shipping-services-resume-print-batches",
    schedule: null,
    scheduleOption: "recovery",
  },
  storePendingLabels: {
    name: "shipping-services-store-pending-labels",
    schedule: "*/5 * * * *",
  },
  healWebhooks: {
    name: "shipping-services-heal-webhook-registrations",
    schedule: "*/15 * * * *",
  },
  pollTracking: {
    name: "shipping-services-poll-tracking",
    schedule: null,
    scheduleOption: "polling",
  },
  /** Retention of stored documents (documents.keepDays), hourly. */
  removeExpiredDocuments: {
    name: "shipping-services-remove-expired-documents",
    schedule: "23 * * * *",
  },
  /** Asks a non-answering service again and resumes what waited once it answers. */
  probeService: {
    name: "shipping-services-probe-service",
    schedule: "*/15 * * * * *",
  },
  /** alerts.webhookSilenceMinutes */
  watchWebhooks: {
    name: "shipping-services-watch-webhooks",
    schedule: "* * * * *",
  },
} as const

export type PluginJobName =
  (typeof PLUGIN_JOBS)[keyof typeof PLUGIN_JOBS]["name"]

type PluginJob = (typeof PLUGIN_JOBS)[keyof typeof PLUGIN_JOBS]

/** Each already through `cronScheduleOf`. */
export type OptionSchedules = { polling: string; recovery: string }

export function jobScheduleOf(
  job: PluginJob,
  schedules: OptionSchedules
): string {
  return "scheduleOption" in job ? schedules[job.scheduleOption] : job.schedule
}

export const DEFAULT_RECOVERY_SCHEDULE = "* * * * *"

const CRON_FIELD = /^[0-9*/,\-?LW#A-Za-z]+$/

/** Five fields (or six, seconds first); ranges are the engine's to check. */
export function isCronExpression(expr: unknown): expr is string {
  if (typeof expr !== "string") return false
  const fields = expr.trim().split(/\s+/)
  return (
    (fields.length === 5 || fields.length === 6) &&
    fields.every((f) => CRON_FIELD.test(f))
  )
}

/** A malformed expression would stop the scheduler at start, so `fallback` is used (and the job warns). */
export function cronScheduleOf(
  wanted: string | undefined,
  fallback: string
): { schedule: string; fallback: boolean } {
  const trimmed = wanted?.trim()
  if (!trimmed) return { schedule: fallback, fallback: false }
  return isCronExpression(trimmed)
    ? { schedule: trimmed, fallback: false }
    : { schedule: fallback, fallback: true }
}

export const recoveryScheduleOf = (recovery?: { schedule?: string }) =>
  cronScheduleOf(recovery?.schedule, DEFAULT_RECOVERY_SCHEDULE)

export const JOB_RUN_SETTING_PREFIX = "job-run:"

export type JobRunRecord = {
  started_at: string
  finished_at: string
  ok: boolean
  error?: string
  /** host:pid */
  where: string
}

/** Every minute, every N minutes or seconds, hourly; null for any other form (no lateness judged). */
export function cronIntervalMs(expression: string): number | null {
  const fields = expression.trim().split(/\s+/)
  const seconds = fields.length === 6 ? fields.shift()! : null
  if (fields.length !== 5) return null
  const [minute, hour, ...days] = fields as [string, string, ...string[]]
  if (!days.every((f) => f === "*")) return null
  const step = (field: string) => {
    if (field === "*") return 1
    const m = /^\*\/(\d+)$/.exec(field)
    return m ? Number(m[1]) : null
  }
  const fixed = (field: string) => /^\d+$/.test(field)
  if (seconds !== null && !fixed(seconds)) {
    const s = step(seconds)
    return s !== null && minute === "*" && hour === "*" ? s * 1000 : null
  }
  if (hour === "*") {
    const m = step(minute)
    if (m !== null) return m * 60_000
    return fixed(minute) ? 60 * 60_000 : null
  }
  return fixed(hour) && fixed(minute) ? 24 * 60 * 60_000 : null
}

/** Two intervals and a slack more (two minutes unless said). */
export function jobLateAfterMs(
  intervalMs: number,
  slackMs = 2 * 60_000
): number {
  return 2 * intervalMs + slackMs
}

/** A job that never ran, or whose schedule has no regular interval, is never late. */
export function lateJobs(
  runs: readonly { name: string; started_at: string }[],
  schedules: OptionSchedules,
  now: Date,
  slackMs?: number
): { name: PluginJobName; lateAfterMs: number }[] {
  const started = new Map(runs.map((r) => [r.name, new Date(r.started_at)]))
  return Object.values(PLUGIN_JOBS).flatMap((job) => {
    const at = started.get(job.name)
    const interval = cronIntervalMs(jobScheduleOf(job, schedules))
    if (!at || interval === null) return []
    const lateAfterMs = jobLateAfterMs(interval, slackMs)
    return now.getTime() - at.getTime() > lateAfterMs
      ? [{ name: job.name, lateAfterMs }]
      : []
  })
}
