import { silenceDecision } from "../alerts"
import { durationWords, type OutageRecord } from "../outage/outage"
import {
  DEFAULT_RECOVERY_SCHEDULE,
  lateJobs,
  PLUGIN_JOBS,
  type JobRunRecord,
} from "../jobs"

// Each item judged ok / warning / critical, with what to do.
export type HealthStatus = "ok" | "warning" | "critical"

export type HealthFigure = { label: string; value: string | number | null }

export type HealthItem = {
  key:
    | "service"
    | "purchases"
    | "webhooks"
    | "auto_fulfillments"
    | "orphans"
    | "jobs"
  title: string
  status: HealthStatus
  /** One line. */
  summary: string
  figures: HealthFigure[]
  /** Null when all is well. */
  action: string | null
}

export type HealthView = {
  generated_at: string
  window_minutes: number
  status: HealthStatus
  items: HealthItem[]
}

export type HealthFigures = {
  purchases: { bought: number; refused: number; last_bought_at: Date | null }
  auto_fulfillments: {
    waiting_retry: number
    next_retry_at: Date | null
    gave_up: number
    failed_in_window: number
    stalled: number
  }
  webhooks: {
    registrations: {
      type: string
      status: string
      url: string
      last_delivery_at: Date | null
      registered_at: Date | null
      last_error: string | null
    }[]
    stored: number
    lag_p50_s: number | null
    lag_max_s: number | null
    oldest_unapplied_at: Date | null
    unapplied: number
    unmatched_in_day: number
  }
  orphans: { kept: number; voided_in_day: number }
  jobs: (JobRunRecord & { name: string })[]
}

export type HealthInput = HealthFigures & {
  /** Recovery removes them. */
  half_made: number
  /** Bought before the webhook silence threshold (capped). */
  shipments_waiting: number
  service: { record: OutageRecord | null; orders_waiting: number }
}

export type HealthSettings = {
  webhookSilenceMinutes: number
  /** webhook.enabled and a publicUrl. */
  webhooksExpected: boolean
  /** For the polling job's lateness. */
  pollSchedule: string
  /** Every minute when absent. */
  recoverySchedule?: string
  autoFulfillMaxAttempts: number
}

/** Unapplied this long means the workers are behind or stopped. */
export const UNAPPLIED_WARNING_MINUTES = 10
const WINDOW_MINUTES = 60

const RANK: Record<HealthStatus, number> = { ok: 0, warning: 1, critical: 2 }
const worst = (statuses: HealthStatus[]): HealthStatus =>
  statuses.reduce<HealthStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), "ok")

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const minutesSince = (d: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - d.getTime()) / 60_000))
const age = (d: Date | null, now: Date) => {
  if (!d) return null
  const m = minutesSince(d, now)
  return m < 1
    ? "under a minute"
    : m < 120
      ? `${m} min`
      : `${Math.floor(m / 60)} h`
}
const seconds = (s: number | null) =>
  s == null
    ? null
    : s < 120
      ? `${Math.round(s)} s`
      : `${Math.round(s / 60)} min`

export function healthView(
  input: HealthInput,
  settings: HealthSettings,
  now: Date
): HealthView {
  const items = [
    serviceItem(input, now),
    purchasesItem(input),
    webhooksItem(input, settings, now),
    autoFulfillmentsItem(input, settings),
    orphansItem(input),
    jobsItem(input, settings, now),
  ]
  return {
    generated_at: now.toISOString(),
    window_minutes: WINDOW_MINUTES,
    status: worst(items.map((i) => i.status)),
    items,
  }
}

/** An outage is said once here, with since when and what waits. */
function serviceItem(input: HealthInput, now: Date): HealthItem {
  const { record, orders_waiting } = input.service
  const down = record?.state === "down" ? record : null
  const last = record?.state === "up" ? (record.last_outage ?? null) : null
  return {
    key: "service",
    title: "Shipping service",
    status: down ? "warning" : "ok",
    summary: down
      ? `Not answering since ${down.since} (${durationWords(down.since, now)}); ${orders_waiting} order(s) wait for their labels`
      : orders_waiting
        ? `Answering; the labels of ${orders_waiting} order(s) that waited are being bought`
        : "Answering",
    figures: [
      { label: "State", value: down ? "not answering" : "answering" },
      { label: "Not answering since", value: down?.since ?? null },
      { label: "Why", value: down?.reason ?? null },
      { label: "Last probe", value: down?.last_probe_at ?? null },
      { label: "Last probe's answer", value: down?.last_probe_error ?? null },
      { label: "Orders waiting for the service", value: orders_waiting },
      {
        label: "Last outage",
        value: last
          ? `${last.since} to ${last.until} (${durationWords(last.since, new Date(last.until))})`
          : null,
      },
    ],
    action: down
      ? "Nothing to do: checkout keeps selling (calculated options at their fallback price), orders wait without spending their attempts, and every label is bought once the service answers (it is asked every 15 s). If it lasts, check the carrier's status page and Connection above."
      : null,
  }
}

function purchasesItem(input: HealthInput): HealthItem {
  const { bought, refused, last_bought_at } = input.purchases
  const failed = input.auto_fulfillments.failed_in_window
  const failures = refused + failed
  const status: HealthStatus =
    failures === 0 ? "ok" : bought === 0 ? "critical" : "warning"
  return {
    key: "purchases",
    title: "Label purchases (last hour)",
    status,
    summary:
      failures === 0
        ? `${bought} label(s) bought, no failure`
        : `${bought} label(s) bought, ${failures} failure(s)`,
    figures: [
      { label: "Labels bought", value: bought },
      { label: "Refused by the service", value: refused },
      { label: "Automatic fulfillments failed", value: failed },
      { label: "Last label bought", value: iso(last_bought_at) },
    ],
    action:
      status === "ok"
        ? null
        : status === "critical"
          ? "Every purchase fails: check Connection above (credentials, the service's roots), then the service's words on a failed order (Ready to ship → Failed). Nothing is lost: failed orders are retried automatically and listed for you."
          : "Read the service's words on the failed orders (Ready to ship → Failed): fix the address or the product's data, then Retry. The same words on every order point at the connection or the service.",
  }
}

function webhooksItem(
  input: HealthInput,
  settings: HealthSettings,
  now: Date
): HealthItem {
  const w = input.webhooks
  const tracking = w.registrations.find((r) => r.type === "tracking")
  const lastDelivery = tracking?.last_delivery_at ?? null
  const silence = silenceDecision({
    now,
    silenceMinutes: settings.webhookSilenceMinutes,
    registered:
      settings.webhooksExpected && !!tracking && tracking.status === "active",
    lastDeliveryAt: lastDelivery,
    registeredAt: tracking?.registered_at ?? null,
    shipmentsWaiting: input.shipments_waiting,
    alertedFor: null,
  })
  const silent = silence.state === "alert"
  const notRegistered =
    settings.webhooksExpected && (!tracking || tracking.status !== "active")
  const unappliedMinutes = w.oldest_unapplied_at
    ? minutesSince(w.oldest_unapplied_at, now)
    : 0
  const behind = unappliedMinutes >= UNAPPLIED_WARNING_MINUTES
  const status: HealthStatus =
    silent || notRegistered ? "critical" : behind ? "warning" : "ok"
  const actions: string[] = []
  if (notRegistered)
    actions.push(
      `The tracking webhook is not registered and active at the service${tracking?.last_error ? ` (${tracking.last_error})` : ""}: use Re-register in Webhooks above; until then tracking comes from polling only.`
    )
  if (silent)
    actions.push(
      "No webhook for longer than alerts.webhookSilenceMinutes while parcels are on their way: check that webhook.publicUrl reaches your servers from the internet, Re-register, and look for refused deliveries in the servers' logs (401: the key, 503: the database). Polling keeps orders moving meanwhile, more slowly."
    )
  if (behind)
    actions.push(
      "Tracking events are stored but not applied to orders: the workers are behind or stopped. Check the worker processes and Redis (the event bus); the polling job announces such events again every sweep."
    )
  return {
    key: "webhooks",
    title: "Tracking webhooks",
    status,
    summary: !settings.webhooksExpected
      ? `Webhooks are off (no webhook.publicUrl): tracking comes from polling; ${w.unapplied} event(s) waiting to be applied`
      : `${w.stored} notification(s) stored in the last hour; last delivery ${age(lastDelivery, now) ?? "never"}${lastDelivery ? " ago" : ""}`,
    figures: [
      { label: "Registration", value: tracking?.status ?? "none" },
      { label: "Last delivery", value: iso(lastDelivery) },
      { label: "Notifications stored (last hour)", value: w.stored },
      { label: "Lag from event time, median", value: seconds(w.lag_p50_s) },
      { label: "Lag from event time, longest", value: seconds(w.lag_max_s) },
      { label: "Events waiting to be applied", value: w.unapplied },
      {
        label: "Oldest event not applied",
        value: w.oldest_unapplied_at
          ? `${iso(w.oldest_unapplied_at)} (${age(w.oldest_unapplied_at, now)} ago)`
          : null,
      },
      {
        label: "Events for unknown tracking numbers (24 h)",
        value: w.unmatched_in_day,
      },
    ],
    action: actions.length ? actions.join(" ") : null,
  }
}

function autoFulfillmentsItem(
  input: HealthInput,
  settings: HealthSettings
): HealthItem {
  const a = input.auto_fulfillments
  const status: HealthStatus =
    a.gave_up > 0
      ? "critical"
      : a.waiting_retry > 0 || a.stalled > 0
        ? "warning"
        : "ok"
  const actions: string[] = []
  if (a.gave_up)
    actions.push(
      `${a.gave_up} order(s) used all ${settings.autoFulfillMaxAttempts} attempts: open them in Ready to ship (Failed), fix what the service's words say, then Retry (or fulfill by hand).`
    )
  if (a.waiting_retry)
    actions.push(
      "Orders waiting for a retry are tried again automatically (autoFulfill.backoffMs, doubling): nothing to do unless they end up failed."
    )
  if (a.stalled)
    actions.push(
      "Stalled attempts belong to a process that stopped: recovery takes them over within recovery.leaseSeconds and a minute. If they stay, the workers' scheduled jobs are not running (see Scheduled jobs)."
    )
  return {
    key: "auto_fulfillments",
    title: "Automatic fulfillments",
    status,
    summary:
      status === "ok"
        ? "None waiting or failed"
        : `${a.waiting_retry} waiting for a retry, ${a.gave_up} given up, ${a.stalled} stalled`,
    figures: [
      { label: "Waiting for a retry", value: a.waiting_retry },
      { label: "Next retry", value: iso(a.next_retry_at) },
      { label: "Given up (need an admin)", value: a.gave_up },
      { label: "Stalled (process stopped)", value: a.stalled },
    ],
    action: actions.length ? actions.join(" ") : null,
  }
}

function orphansItem(input: HealthInput): HealthItem {
  const { kept, voided_in_day } = input.orphans
  const status: HealthStatus =
    kept > 0 || input.half_made > 0 ? "warning" : "ok"
  const actions: string[] = []
  if (kept)
    actions.push(
      "Labels without a fulfillment below were not voided: void them there while the service allows it, or ship them by hand."
    )
  if (input.half_made)
    actions.push(
      "Fulfillments left without an order by a stopped process are removed by recovery (recovery.schedule, every minute by default); if they stay, the workers' scheduled jobs are not running."
    )
  return {
    key: "orphans",
    title: "Orphans",
    status,
    summary:
      status === "ok"
        ? `No label without a fulfillment (${voided_in_day} voided automatically in 24 h)`
        : `${kept} label(s) without a fulfillment, ${input.half_made} fulfillment(s) without an order`,
    figures: [
      { label: "Labels without a fulfillment, not voided", value: kept },
      { label: "Voided automatically (24 h)", value: voided_in_day },
      { label: "Fulfillments without an order", value: input.half_made },
    ],
    action: actions.length ? actions.join(" ") : null,
  }
}

function jobsItem(
  input: HealthInput,
  settings: HealthSettings,
  now: Date
): HealthItem {
  const runs = new Map(input.jobs.map((j) => [j.name, j]))
  const late: string[] = lateJobs(
    input.jobs,
    {
      polling: settings.pollSchedule,
      recovery: settings.recoverySchedule ?? DEFAULT_RECOVERY_SCHEDULE,
    },
    now
  ).map((j) => j.name)
  const failing: string[] = []
  const figures: HealthFigure[] = Object.values(PLUGIN_JOBS).map((job) => {
    const run = runs.get(job.name)
    const started = run ? new Date(run.started_at) : null
    if (run && !run.ok) failing.push(job.name)
    return {
      label: job.name,
      value: run
        ? `${run.ok ? "ran" : "failed"} ${age(started, now)} ago${run.ok ? "" : `: ${run.error ?? "error"}`}`
        : "not run yet",
    }
  })
  const status: HealthStatus = late.length
    ? "critical"
    : failing.length
      ? "warning"
      : "ok"
  const actions: string[] = []
  if (late.length)
    actions.push(
      `Late: ${late.join(", ")}. Scheduled jobs run on worker processes through Medusa's workflow engine (Redis): check that workers run and reach Redis, and that Redis keeps its data (append-only file): a Redis restarted empty forgets every schedule; the workers register the plugin's again within a few minutes, the application's other jobs only when the workers restart.`
    )
  if (failing.length)
    actions.push(
      `Failed on their last run: ${failing.join(", ")} (the error is shown; more in the workers' logs). They run again at their next tick.`
    )
  return {
    key: "jobs",
    title: "Scheduled jobs",
    status,
    summary:
      status === "ok"
        ? "Every job ran on time"
        : `${late.length} late, ${failing.length} failed on their last run`,
    figures,
    action: actions.length ? actions.join(" ") : null,
  }
}
