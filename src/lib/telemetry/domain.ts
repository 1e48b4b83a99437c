import type { Span } from "@medusajs/framework/opentelemetry/api"
import { add, observe } from "./otel"
import { METRICS } from "./names"

export function deliveryOutcome(status: number): string {
  if (status >= 200 && status < 300) return "stored"
  if (status === 401) return "unauthorized"
  if (status === 503) return "unavailable"
  return "refused"
}

/** Events dated ahead of the receipt count as arriving after 0 s. */
export function recordWebhookDelivery(
  span: Span,
  delivery: {
    kind: string
    status: number
    received?: number
    stored?: number
    occurredAt?: (Date | null)[]
    now?: number
  }
): void {
  const outcome = deliveryOutcome(delivery.status)
  const now = delivery.now ?? Date.now()
  const lags = (delivery.occurredAt ?? [])
    .filter((d): d is Date => d instanceof Date && !Number.isNaN(d.getTime()))
    .map((d) => Math.max(0, (now - d.getTime()) / 1000))
  span.setAttributes({
    "shipping_services.webhook.kind": delivery.kind,
    "shipping_services.outcome": outcome,
    "http.response.status_code": delivery.status,
    ...(delivery.received !== undefined
      ? { "shipping_services.webhook.received": delivery.received }
      : {}),
    ...(delivery.stored !== undefined
      ? { "shipping_services.webhook.stored": delivery.stored }
      : {}),
    ...(lags.length
      ? { "shipping_services.webhook.max_lag_s": Math.max(...lags) }
      : {}),
  })
  const kind = { "shipping_services.webhook.kind": delivery.kind }
  add(METRICS.webhookDeliveries, 1, {
    ...kind,
    "shipping_services.outcome": outcome,
  })
  if (delivery.stored !== undefined && delivery.received !== undefined) {
    add(METRICS.webhookNotifications, delivery.stored, {
      ...kind,
      "shipping_services.outcome": "stored",
    })
    add(METRICS.webhookNotifications, delivery.received - delivery.stored, {
      ...kind,
      "shipping_services.outcome": "duplicate",
    })
  }
  for (const lag of lags) observe(METRICS.webhookLag, lag, kind)
}
