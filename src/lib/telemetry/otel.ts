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

/** Through the OpenTelemetry API Medusa ships, so the app's instrumentation gets them; no-ops without one. */
export const INSTRUMENTATION_NAME = "medusa-plugin-shipping-services"

export function tracer() {
  return trace.getTracer(INSTRUMENTATION_NAME)
}

/** Meters are not proxied like tracers: instruments are remade when the provider changes. */
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

/** The active span while it runs; a throw marks it as an error by class name and is rethrown. */
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

/** Started `durationMs` ago, child of the active span. */
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
