import {
  metrics as metricsApi,
  trace,
} from "@medusajs/framework/opentelemetry/api"
import {
  metrics,
  node,
  tracing,
} from "@medusajs/framework/opentelemetry/sdk-node"
import { add, observeServiceCall, recordWebhookDelivery, withSpan } from ".."

/**
 * The plugin's telemetry against an in-memory exporter and metric reader registered the way an
 * app's instrumentation does (a global tracer and meter provider): spans nest, errors are marked,
 * service calls become child spans with their outcome, and metrics are made even when the
 * provider is registered after the plugin was loaded.
 */
const exporter = new tracing.InMemorySpanExporter()
const provider = new node.NodeTracerProvider({
  spanProcessors: [new tracing.SimpleSpanProcessor(exporter)],
})
provider.register()
const reader = new metrics.PeriodicExportingMetricReader({
  exporter: new metrics.InMemoryMetricExporter(
    metrics.AggregationTemporality.CUMULATIVE
  ),
  exportIntervalMillis: 24 * 60 * 60_000,
})

// A metric recorded before any provider exists goes nowhere, and breaks nothing.
add({ name: "shipping_services.early", description: "" }, 1, {})
metricsApi.setGlobalMeterProvider(
  new metrics.MeterProvider({ readers: [reader] })
)

afterAll(async () => {
  await provider.shutdown()
  trace.disable()
  metricsApi.disable()
})

const parent = (s: tracing.ReadableSpan) =>
  (s as unknown as { parentSpanContext?: { spanId: string } }).parentSpanContext
    ?.spanId

describe("telemetry", () => {
  beforeEach(() => exporter.reset())

  it("a service call inside a span is its child, with the operation's outcome and retries", async () => {
    await withSpan("shipping_services.label_purchase", { a: 1 }, async () => {
      observeServiceCall({
        operation: "createShipment",
        method: "POST",
        path: "/v1/shipments",
        attempts: 3,
        status: 201,
        ok: true,
        durationMs: 420,
        transactionId: "tx-1",
      })
    })
    const [call, purchase] = exporter.getFinishedSpans()
    expect(purchase!.name).toBe("shipping_services.label_purchase")
    expect(call!.name).toBe("shipping_services.service_call")
    expect(parent(call!)).toBe(purchase!.spanContext().spanId)
    expect(call!.attributes).toMatchObject({
      "shipping_services.operation": "createShipment",
      "shipping_services.outcome": "201",
      "http.response.status_code": 201,
      "shipping_services.attempts": 3,
      "shipping_services.retries": 2,
      "shipping_services.transaction_id": "tx-1",
    })
    const ms =
      (call!.endTime[0] - call!.startTime[0]) * 1000 +
      (call!.endTime[1] - call!.startTime[1]) / 1e6
    expect(Math.round(ms)).toBe(420)
  })

  it("marks a span that threw as an error, rethrowing; a lost answer is a failed call", async () => {
    await expect(
      withSpan("shipping_services.job", {}, async () => {
        throw new TypeError("boom")
      })
    ).rejects.toThrow("boom")
    observeServiceCall({
      operation: "getTracking",
      method: "GET",
      path: "/v1/tracking/1",
      attempts: 1,
      network: "timeout",
      ok: false,
      error: "ShippingNetworkError",
      durationMs: 5,
    })
    const [job, call] = exporter.getFinishedSpans()
    expect(job!.status).toMatchObject({ code: 2, message: "TypeError" })
    expect(job!.attributes["error.type"]).toBe("TypeError")
    expect(call!.attributes["shipping_services.outcome"]).toBe("timeout")
    expect(call!.status.code).toBe(2)
  })

  it("metrics: calls, retries, latency; a webhook delivery's notifications and lag", async () => {
    const span = trace.getTracer("t").startSpan("delivery")
    const now = Date.parse("2026-11-25T12:00:00Z")
    recordWebhookDelivery(span, {
      kind: "tracking",
      status: 200,
      received: 3,
      stored: 2,
      occurredAt: [new Date(now - 90_000), new Date(now + 60_000)],
      now,
    })
    span.end()
    expect(exporter.getFinishedSpans()[0]!.attributes).toMatchObject({
      "shipping_services.outcome": "stored",
      "shipping_services.webhook.stored": 2,
      "shipping_services.webhook.max_lag_s": 90,
    })
    const { resourceMetrics } = await reader.collect()
    const byName = new Map(
      resourceMetrics.scopeMetrics
        .flatMap((s) => s.metrics)
        .map((m) => [m.descriptor.name, m.dataPoints as any[]])
    )
    expect(byName.has("shipping_services.early")).toBe(false)
    const calls = byName.get("shipping_services.service.calls")!
    expect(
      calls.find(
        (p) => p.attributes["shipping_services.operation"] === "createShipment"
      )?.value
    ).toBe(1)
    expect(
      byName
        .get("shipping_services.service.retries")!
        .find(
          (p) =>
            p.attributes["shipping_services.operation"] === "createShipment"
        )?.value
    ).toBe(2)
    const notes = byName.get("shipping_services.webhook.notifications")!
    expect(
      Object.fromEntries(
        notes.map((p) => [p.attributes["shipping_services.outcome"], p.value])
      )
    ).toEqual({ stored: 2, duplicate: 1 })
    const lag = byName.get("shipping_services.webhook.lag")![0]
    // The event dated ahead of its arrival counts as 0 s.
    expect(lag.value).toMatchObject({ count: 2, sum: 90, min: 0, max: 90 })
  })
})
