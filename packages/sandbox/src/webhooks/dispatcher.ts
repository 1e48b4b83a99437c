import type { SandboxClock } from "../clock"
import type { IdFactory } from "../ids"
import type { SandboxStats } from "../stats"
import type { WebhookConfigRecord } from "../state/model"
import type { SandboxStore } from "../state/store"
import type { Due } from "../tracking/scheduler"
import { AuthParamsApplier } from "./auth-params"
import { lockerNotification, trackingNotification } from "./notifications"
import { Outbound } from "./outbound"

export type DispatchMode = "normal" | "duplicate" | "out-of-order"
export const DISPATCH_MODES: DispatchMode[] = [
  "normal",
  "duplicate",
  "out-of-order",
]

export type DeliveryLogEntry = {
  seq: number
  webHookConfigID: string
  url: string
  referenceId: string
  attempt: number
  outcome: "delivered" | "retry" | "failed" | "cancelled" | "suppressed"
  status?: number
  error?: string
  payload: unknown[]
  /** Real time of the attempt. */
  at: string
  sandboxTime: string
  durationMs: number
}

type Deps = {
  store: SandboxStore
  clock: SandboxClock
  ids: IdFactory
  stats: SandboxStats
  origin: () => string
  backoffMs: number[]
  /** Longest wait a receiver's Retry-After gets (see retryDelayMs). */
  retryAfterCapMs: number
  defaultTimeoutSeconds: number
}

const LOG_LIMIT = 5000

/**
 * Delivers notifications (doc 4): a JSON array POSTed to each ACTIVE configuration of the
 * shipment's account whose events include the event, with the configuration's authParams, an
 * X-Vendor-ReferenceId that stays the same across retries, its timeOut, and up to 3 retries
 * (after the backoff, or after the receiver's Retry-After when it answered 429 or 503 with one).
 * Deliveries of one shipment to one configuration form a chain: event n+1 leaves only after
 * event n was delivered or given up. The configuration is read again at every attempt, so an
 * update or a delete applies to what is sent after it.
 */
export class WebhookDispatcher {
  enabled = true
  mode: DispatchMode = "normal"
  private readonly outbound = new Outbound()
  private readonly auth = new AuthParamsApplier(this.outbound)
  private readonly chains = new Map<string, Promise<void>>()
  private readonly log: DeliveryLogEntry[] = []
  private logSeq = 0
  private pending = 0
  private waiters: (() => void)[] = []
  private closed = false

  constructor(private readonly deps: Deps) {}

  emit(due: Due[]): void {
    for (const { shipment: s, index: i } of this.mode === "out-of-order"
      ? newestFirstPerShipment(due)
      : due) {
      const e = s.timeline[i]!
      for (const c of this.deps.store.webhookConfigsOf(s.apiKey)) {
        if (c.config.status !== "active") continue
        let payload: unknown
        if (
          c.config.type === "tracking" &&
          c.config.events.includes(e.status)
        ) {
          // The account's own carrier codes, as in every answer it gets.
          payload = trackingNotification(
            s,
            i,
            this.deps.origin(),
            this.deps.store.accounts.get(s.apiKey)?.carrierCodes
          )
        } else if (
          c.config.type === "locker" &&
          e.lockerEvent &&
          c.config.events.includes(e.lockerEvent)
        )
          payload = lockerNotification(s, i)
        if (payload === undefined) continue
        const copies = this.mode === "duplicate" ? 2 : 1
        for (let k = 0; k < copies; k++)
          this.enqueue(c, `${c.webHookConfigID}\u0000${s.shipmentId}`, [
            payload,
          ])
      }
    }
  }

  /** Resolves when no delivery is queued or in flight. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  inFlight(): number {
    return this.pending
  }

  entries(since = 0): DeliveryLogEntry[] {
    return this.log.filter((e) => e.seq > since)
  }

  clearLog(): void {
    this.log.length = 0
  }

  close(): void {
    this.closed = true
    this.outbound.abortAll()
  }

  private enqueue(
    c: WebhookConfigRecord,
    chainKey: string,
    payload: unknown[]
  ): void {
    const referenceId = this.deps.ids.uuid("reference")
    if (!this.enabled) {
      this.record(c, referenceId, 0, "suppressed", payload, Date.now())
      return
    }
    this.pending++
    const previous = this.chains.get(chainKey) ?? Promise.resolve()
    const next = previous
      .then(() => this.deliver(c.webHookConfigID, referenceId, payload))
      .catch(() => undefined)
      .finally(() => {
        if (this.chains.get(chainKey) === next) this.chains.delete(chainKey)
        if (--this.pending === 0) for (const w of this.waiters.splice(0)) w()
      })
    this.chains.set(chainKey, next)
  }

  private async deliver(
    configId: string,
    referenceId: string,
    payload: unknown[]
  ): Promise<void> {
    const attempts = 1 + this.deps.backoffMs.length
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (this.closed) return
      const c = this.deps.store.webhookConfigs.get(configId)
      const started = Date.now()
      if (!c || c.config.status !== "active") {
        if (c)
          this.record(
            c,
            referenceId,
            attempt,
            "cancelled",
            payload,
            started,
            undefined,
            "configuration is in-active"
          )
        return
      }
      const timeoutMs =
        (c.config.timeOut && c.config.timeOut > 0
          ? c.config.timeOut
          : this.deps.defaultTimeoutSeconds) * 1000
      let status: number | undefined
      let error: string | undefined
      let retryAfter: string | undefined
      try {
        const authHeaders = await this.auth.headers(
          c.config.authParams,
          timeoutMs
        )
        const res = await this.outbound.post(
          c.config.url,
          {
            "Content-Type": "application/json",
            "X-Vendor-ReferenceId": referenceId,
            ...authHeaders,
          },
          JSON.stringify(payload),
          timeoutMs
        )
        status = res.status
        retryAfter = res.retryAfter
        if (status >= 200 && status < 300) {
          this.record(
            c,
            referenceId,
            attempt,
            "delivered",
            payload,
            started,
            status
          )
          this.deps.stats.webhookAttempt("delivered")
          return
        }
        error = `HTTP ${status}`
        if (status === 401 && c.config.authParams.authType === "oauth")
          this.auth.invalidate(c.config.authParams)
      } catch (e) {
        error = e instanceof Error ? e.message : String(e)
      }
      if (this.closed) return
      const last = attempt === attempts
      this.record(
        c,
        referenceId,
        attempt,
        last ? "failed" : "retry",
        payload,
        started,
        status,
        error
      )
      this.deps.stats.webhookAttempt(last ? "failed" : "retry")
      if (!last)
        await sleep(
          retryDelayMs(
            status,
            retryAfter,
            this.deps.backoffMs[attempt - 1]!,
            this.deps.retryAfterCapMs
          )
        )
    }
  }

  private record(
    c: WebhookConfigRecord,
    referenceId: string,
    attempt: number,
    outcome: DeliveryLogEntry["outcome"],
    payload: unknown[],
    started: number,
    status?: number,
    error?: string
  ): void {
    this.log.push({
      seq: ++this.logSeq,
      webHookConfigID: c.webHookConfigID,
      url: c.config.url,
      referenceId,
      attempt,
      outcome,
      ...(status !== undefined ? { status } : {}),
      ...(error ? { error } : {}),
      payload,
      at: new Date(started).toISOString(),
      sandboxTime: new Date(this.deps.clock.now()).toISOString(),
      durationMs: Date.now() - started,
    })
    if (this.log.length > LOG_LIMIT)
      this.log.splice(0, this.log.length - LOG_LIMIT)
  }
}

/** Out-of-order mode: what one shipment got due in one clock step goes out newest first. */
function newestFirstPerShipment(due: Due[]): Due[] {
  const byShipment = new Map<string, Due[]>()
  for (const d of due) {
    const list = byShipment.get(d.shipment.shipmentId)
    if (list) list.unshift(d)
    else byShipment.set(d.shipment.shipmentId, [d])
  }
  return [...byShipment.values()].flat()
}

/**
 * How long to wait before the next attempt: a receiver that said it is unavailable (429, 503)
 * and when to come back (Retry-After: seconds or an HTTP date) is given that time, up to
 * `capMs`; otherwise the backoff.
 */
export function retryDelayMs(
  status: number | undefined,
  retryAfter: string | undefined,
  backoffMs: number,
  capMs: number,
  now = Date.now()
): number {
  if ((status !== 429 && status !== 503) || !retryAfter) return backoffMs
  const trimmed = retryAfter.trim()
  const ms = /^\d+$/.test(trimmed)
    ? Number(trimmed) * 1000
    : Date.parse(trimmed) - now
  if (!Number.isFinite(ms)) return backoffMs
  return Math.min(Math.max(ms, backoffMs), capMs)
}

const sleep = (ms: number) =>
  new Promise<void>((r) => setTimeout(r, ms).unref())
