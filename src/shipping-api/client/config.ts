import type { Carrier } from "../constants"
import { DEFAULT_BACKOFF, realSleep, type BackoffSettings } from "./backoff"

/**
 * What a client needs, as plain data: the caller resolves roots and settings (src/options does
 * it for the plugin, the sandbox's tests write them by hand). The library never reads options.
 */

/** Doc 4 "Roots", already resolved (auth defaults to the origin of base, and so on). */
export type ShippingRoots = {
  baseUrl: string
  authUrl: string
  webhookUrl: string
  contactUrl: string
  apacUrl?: string
}

export type RootName = "base" | "auth" | "webhook" | "contact" | "apac"

export type ShippingLogger = {
  debug?: (message: string) => void
  info?: (message: string) => void
  warn?: (message: string) => void
  error?: (message: string) => void
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/**
 * What one call of an operation came to, once it is over (all its attempts): what a caller
 * measures (latency, retries, failures) without the library knowing how it is measured (the
 * plugin turns it into OpenTelemetry spans and metrics: src/lib/telemetry). Never a header, a
 * query or a body.
 */
export type CallRecord = {
  operation: string
  method: string
  /** The request path, without the query. */
  path: string
  /** HTTP attempts made (a token renewal after a 401 does not count, as in the retry rules). */
  attempts: number
  /** Status of the last answer; absent when the last attempt got none. */
  status?: number
  /** Why the last attempt got no answer. */
  network?: "timeout" | "network-error"
  ok: boolean
  /** The error's class name, when the call failed. */
  error?: string
  /** From the first attempt to the end, by the client's clock. */
  durationMs: number
  transactionId?: string
}

/** Told about every call when it is over; must not throw (what it throws is ignored). */
export type CallObserver = (record: CallRecord) => void

export type ShippingClientConfig = {
  roots: ShippingRoots
  credentials: { apiKey: string; apiSecret: string }
  /** Timeout of one HTTP attempt (request and body). */
  timeoutMs: number
  /** Calls in flight at once, for all operations of this client. */
  concurrency: number
  /** Attempts of one call when it may be repeated (throttled, unavailable, idempotent). */
  maxAttempts: number
  acceptLanguage?: string
  /** Wire value per neutral carrier id; identity when absent. */
  carrierCodes?: Partial<Record<Carrier, string>>
  /** Doc 2 headers sent with create when they apply. */
  shipper?: {
    carrierAccountId?: string
    ratePlan?: string
    integratorCarrierId?: string
  }
  fetch?: FetchLike
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  logger?: ShippingLogger
  observer?: CallObserver
  backoff?: Partial<BackoffSettings>
  /** Page size of the webhook list (doc 4 "Webhook list"). */
  webhookPageSize?: number
}

export type ResolvedClientConfig = Required<
  Pick<
    ShippingClientConfig,
    | "roots"
    | "timeoutMs"
    | "concurrency"
    | "maxAttempts"
    | "carrierCodes"
    | "shipper"
  >
> & {
  acceptLanguage?: string
  fetch: FetchLike
  now: () => number
  sleep: (ms: number) => Promise<void>
  random: () => number
  logger: ShippingLogger
  observer?: CallObserver
  backoff: BackoffSettings
  webhookPageSize: number
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "")
}

function positiveInt(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a whole number of at least 1`)
  return value
}

/** Defaults and checks; credentials are kept apart (see ShippingClient) so they never sit in a loggable object. */
export function resolveClientConfig(
  config: ShippingClientConfig
): ResolvedClientConfig {
  const roots = config.roots
  return {
    roots: {
      baseUrl: stripSlash(roots.baseUrl),
      authUrl: stripSlash(roots.authUrl),
      webhookUrl: stripSlash(roots.webhookUrl),
      contactUrl: stripSlash(roots.contactUrl),
      ...(roots.apacUrl ? { apacUrl: stripSlash(roots.apacUrl) } : {}),
    },
    timeoutMs: positiveInt("timeoutMs", config.timeoutMs),
    concurrency: positiveInt("concurrency", config.concurrency),
    maxAttempts: positiveInt("maxAttempts", config.maxAttempts),
    acceptLanguage: config.acceptLanguage,
    carrierCodes: config.carrierCodes ?? {},
    shipper: config.shipper ?? {},
    fetch: config.fetch ?? ((input, init) => fetch(input, init)),
    now: config.now ?? Date.now,
    sleep: config.sleep ?? realSleep,
    random: config.random ?? Math.random,
    logger: config.logger ?? {},
    observer: config.observer,
    backoff: { ...DEFAULT_BACKOFF, ...config.backoff },
    webhookPageSize: positiveInt(
      "webhookPageSize",
      config.webhookPageSize ?? 20
    ),
  }
}

export function rootUrl(roots: ShippingRoots, root: RootName): string {
  switch (root) {
    case "base":
      return roots.baseUrl
    case "auth":
      return roots.authUrl
    case "webhook":
      return roots.webhookUrl
    case "contact":
      return roots.contactUrl
    case "apac":
      if (!roots.apacUrl)
        throw new Error(
          "roots.apacUrl is not set: standard delivery from Asia-Pacific needs it"
        )
      return roots.apacUrl
  }
}
