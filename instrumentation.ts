// OpenTelemetry of the development app (not part of the plugin build), the way a Medusa app wires
// it: `medusa start` imports this file and calls register() before anything else loads. Off
// unless DEV_OTEL=console: then every span (Medusa's HTTP, workflows and queries, and the
// plugin's own: service calls, label purchases, webhook deliveries, tracking, polling, jobs) and,
// every 30 s, every metric is printed to the process's log. A store exports to its collector
// instead (docs/operations.md, "Telemetry").
import { registerOtel } from "@medusajs/medusa"
import { metrics, tracing } from "@medusajs/framework/opentelemetry/sdk-node"

export function register() {
  if (process.env.DEV_OTEL !== "console") return
  registerOtel({
    serviceName: `medusa-shipping-services-dev-${process.env.MEDUSA_WORKER_MODE ?? "shared"}`,
    exporter: new tracing.ConsoleSpanExporter(),
    metricReaders: [
      new metrics.PeriodicExportingMetricReader({
        exporter: new metrics.ConsoleMetricExporter(),
        exportIntervalMillis: 30_000,
      }),
    ],
    instrument: { http: true, workflows: true, query: true },
  })
}
