/**
 * Counters the plugin's tests and benchmark read: requests per operation, creates in flight
 * now and at peak (the client promises never more than its concurrency option), labels created
 * and duplicate transaction ids refused.
 */
export type StatsSnapshot = {
  requests: Record<string, number>
  createsInFlight: number
  peakCreatesInFlight: number
  labelsCreated: number
  duplicatesRefused: number
  webhookDeliveries: { delivered: number; failed: number; attempts: number }
}

export class SandboxStats {
  private requests: Record<string, number> = {}
  createsInFlight = 0
  private peak = 0
  labelsCreated = 0
  duplicatesRefused = 0
  private webhooks = { delivered: 0, failed: 0, attempts: 0 }

  count(operation: string): void {
    this.requests[operation] = (this.requests[operation] ?? 0) + 1
  }

  createStarted(): void {
    this.createsInFlight++
    if (this.createsInFlight > this.peak) this.peak = this.createsInFlight
  }

  createEnded(): void {
    this.createsInFlight--
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
    }
  }

  /** Keeps creates in flight (they are still running) but restarts the peak from them. */
  reset(): void {
    this.requests = {}
    this.peak = this.createsInFlight
    this.labelsCreated = 0
    this.duplicatesRefused = 0
    this.webhooks = { delivered: 0, failed: 0, attempts: 0 }
  }
}
