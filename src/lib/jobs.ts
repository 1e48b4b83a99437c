/**
 * The plugin's scheduled jobs, by name, and how often each is meant to run: the Health section
 * shows when each last ran and flags one that is late (its workers or Redis stopped running it).
 * The job files (src/jobs) take their names and schedules from here. Pure.
 */
export const PLUGIN_JOBS = {
  recover: {
    name: "shipping-services-recover-interrupted-work",
    schedule: "* * * * *",
  },
  retryAutoFulfillments: {
    name: "shipping-services-retry-auto-fulfillments",
    schedule: "* * * * *",
  },
  resumePrintBatches: {
    name: "shipping-services-resume-print-batches",
    schedule: "* * * * *",
  },
  storePendingLabels: {
    name: "shipping-services-store-pending-labels",
    schedule: "*/5 * * * *",
  },
  healWebhooks: {
    name: "shipping-services-heal-webhook-registrations",
    schedule: "*/15 * * * *",
  },
  /** Its schedule is options.polling.schedule. */
  pollTracking: { name: "shipping-services-poll-tracking", schedule: null },
  /** Retention of stored documents (documents.keepDays), hourly. */
  removeExpiredDocuments: {
    name: "shipping-services-remove-expired-documents",
    schedule: "23 * * * *",
  },
  /** Alerts when tracking webhooks stop arriving (alerts.webhookSilenceMinutes). */
  watchWebhooks: {
    name: "shipping-services-watch-webhooks",
    schedule: "* * * * *",
  },
} as const

export type PluginJobName =
  (typeof PLUGIN_JOBS)[keyof typeof PLUGIN_JOBS]["name"]

/** Where a job's last run is kept (shipping_services_setting). */
export const JOB_RUN_SETTING_PREFIX = "job-run:"

export type JobRunRecord = {
  started_at: string
  finished_at: string
  ok: boolean
  /** The error's words when it failed. */
  error?: string
  /** host:pid of the process that ran it. */
  where: string
}

/**
 * The time between two runs of a cron expression of the usual forms (every minute, every N
 * minutes or seconds, hourly); null for any other (no lateness is judged then). Pure.
 */
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
