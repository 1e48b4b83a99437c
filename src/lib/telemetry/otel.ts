import {
  context,
  metrics,
  SpanStatusCode,
  trace,
  type Attributes,
  type Counter,
  type Histogram,
  type Meter,
  type MeterProvider,
  type Span,
} from "@medusajs/framework/opentelemetry/api"

/**
 * The plugin's OpenTelemetry: spans and metrics through the API that Medusa ships
 * (`@medusajs/framework/opentelemetry/api`), so whatever the app registers in its
 * `instrumentation.ts` (Medusa's `registerOtel`, or an SDK of its own) receives them, and
 * without one they cost a no-op call. Names start with `shipping_services.`.
 */
export const INSTRUMENTATION_NAME = "medusa-plugin-shipping-services"

export function tracer() {
  return trace.getTracer(INSTRUMENTATION_NAME)
}

/**
 * The API hands out a no-op meter until an SDK registers its provider (unlike tracers, meters
 * are not proxied): instruments are made again whenever the provider changed, so a provider
 * registered after this file was loaded (tests, a late instrumentation.ts) still gets them.
 */
let cached:
  | {
      provider: MeterProvider
      meter: Meter
      counters: Map<string, Counter>
      histograms: Map<string, Histogram>
    }
  | undefined

function instruments() {
  const provider = metrics.getMeterProvider()
  if (!cached || cached.provider !== provider)
    cached = {
      provider,
      meter: provider.getMeter(INSTRUMENTATION_NAME),
      counters: new Map(),
      histograms: new Map(),
    }
  return cached
}

export type CounterSpec = { name: string; description: string; unit?: string }
export type HistogramSpec = CounterSpec & { boundaries?: number[] }

export function add(spec: CounterSpec, value: number, attributes: Attributes) {
  if (value <= 0) return
  const i = instruments()
  let counter = i.counters.get(spec.name)
  if (!counter) {
    counter = i.meter.createCounter(spec.name, {
      description: spec.description,
      ...(spec.unit ? { unit: spec.unit } : {}),
    })
    i.counters.set(spec.name, counter)
  }
  counter.add(value, attributes)
}

export function observe(
  spec: HistogramSpec,
  value: number,
  attributes: Attributes
) {
  const i = instruments()
  let histogram = i.histograms.get(spec.name)
  if (!histogram) {
    histogram = i.meter.createHistogram(spec.name, {
      description: spec.description,
      ...(spec.unit ? { unit: spec.unit } : {}),
      ...(spec.boundaries
        ? { advice: { explicitBucketBoundaries: spec.boundaries } }
        : {}),
    })
    i.histograms.set(spec.name, histogram)
  }
  histogram.record(value, attributes)
}

/**
 * Runs `work` in a span (the active one while it runs: spans started inside are its children).
 * A throw marks the span as an error with the error's class name, and is rethrown.
 */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      const result = await work(span)
      return result
    } catch (error) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.name : "Error",
      })
      span.setAttribute(
        "error.type",
        error instanceof Error ? error.name : "Error"
      )
      throw error
    } finally {
      span.end()
    }
  })
}

/** A span for something already over (it started `durationMs` ago), child of the active span. */
export function recordSpan(
  name: string,
  durationMs: number,
  attributes: Attributes,
  error?: string
): void {
  const end = Date.now()
  const span = tracer().startSpan(
    name,
    { attributes, startTime: end - durationMs },
    context.active()
  )
  if (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error })
    span.setAttribute("error.type", error)
  }
  span.end(end)
}
