import type { CallRecord } from "../../shipping-api/client/config"
import { add, observe, recordSpan } from "./otel"
import { METRICS, SPANS } from "./names"

/** The client knows nothing of OpenTelemetry: each call becomes a child span and metrics. */
export function observeServiceCall(record: CallRecord): void {
  const outcome =
    record.status !== undefined
      ? String(record.status)
      : (record.network ?? "error")
  const retries = Math.max(0, record.attempts - 1)
  const attributes = {
    "shipping_services.operation": record.operation,
    "shipping_services.outcome": outcome,
  }
  recordSpan(
    SPANS.serviceCall,
    record.durationMs,
    {
      ...attributes,
      "http.request.method": record.method,
      "url.path": record.path,
      ...(record.status !== undefined
        ? { "http.response.status_code": record.status }
        : {}),
      "shipping_services.attempts": record.attempts,
      "shipping_services.retries": retries,
      ...(record.transactionId
        ? { "shipping_services.transaction_id": record.transactionId }
        : {}),
    },
    record.ok ? undefined : (record.error ?? "Error")
  )
  add(METRICS.serviceCalls, 1, { ...attributes, ok: record.ok })
  observe(METRICS.serviceCallDuration, record.durationMs, attributes)
  add(METRICS.serviceRetries, retries, {
    "shipping_services.operation": record.operation,
  })
}
