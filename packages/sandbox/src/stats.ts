import { createHash } from "node:crypto"

/**
 * Counters the plugin's tests and benchmark read: requests per operation, creates in flight
 * now and at peak (the client promises never more than its concurrency option), labels created
 * and duplicate transaction ids refused. Creates are also counted per client, a client being one
 * access token: each process of a Medusa cluster fetches its own token, so the per-client peak
 * is the per-process bound, and the answered creates show which process bought which labels.
 */
export type ClientStats = {
  /** A short hash of the bearer token (never the token itself). */
  client: string
  /** Creates answered 2xx. */
  created: number
  peakCreatesInFlight: number
}

export type StatsSnapshot = {
  requests: Record<string, number>
  createsInFlight: number
  peakCreatesInFlight: number
  labelsCreated: number
  duplicatesRefused: number
  webhookDeliveries: { delivered: number; failed: number; attempts: number }
  clients: ClientStats[]
}

type ClientCounters = { inFlight: number; peak: number; created: number }

export class SandboxStats {
  private requests: Record<string, number> = {}
  createsInFlight = 0
  private peak = 0
  labelsCreated = 0
  duplicatesRefused = 0
  private webhooks = { delivered: 0, failed: 0, attempts: 0 }
  private clients = new Map<string, ClientCounters>()

  count(operation: string): void {
    this.requests[operation] = (this.requests[operation] ?? 0) + 1
  }

  /** `client`: the request's Authorization header (hashed here), if any. */
  createStarted(client?: string): void {
    this.createsInFlight++
    if (this.createsInFlight > this.peak) this.peak = this.createsInFlight
    const c = this.clientOf(client)
    c.inFlight++
    if (c.inFlight > c.peak) c.peak = c.inFlight
  }

  createEnded(client?: string, ok = false): void {
    this.createsInFlight--
    const c = this.clientOf(client)
    c.inFlight--
    if (ok) c.created++
  }

  private clientOf(authorization: string | undefined): ClientCounters {
    const key = authorization
      ? createHash("sha256").update(authorization).digest("hex").slice(0, 8)
      : "anonymous"
    let c = this.clients.get(key)
    if (!c) this.clients.set(key, (c = { inFlight: 0, peak: 0, created: 0 }))
    return c
  }

  webhookAttempt(outcome: "delivered" | "failed" | "retry"): void {
    this.webhooks.attempts++
    if (outcome === "delivered") this.webhooks.delivered++
    if (outcome === "failed") this.webhooks.failed++
  }

  snapshot(): StatsSnapshot {
    return {
      requests: { ...this.requests },
      createsInFlight: this.createsInFlight,
      peakCreatesInFlight: this.peak,
      labelsCreated: this.labelsCreated,
      duplicatesRefused: this.duplicatesRefused,
      webhookDeliveries: { ...this.webhooks },
      clients: [...this.clients].map(([client, c]) => ({
        client,
        created: c.created,
        peakCreatesInFlight: c.peak,
      })),
    }
  }

  /** Keeps creates in flight (they are still running) but restarts the peak from them. */
  reset(): void {
    this.requests = {}
    this.peak = this.createsInFlight
    this.labelsCreated = 0
    this.duplicatesRefused = 0
    this.webhooks = { delivered: 0, failed: 0, attempts: 0 }
    for (const [key, c] of this.clients) {
      if (c.inFlight) Object.assign(c, { peak: c.inFlight, created: 0 })
      else this.clients.delete(key)
    }
  }
}
