import type { Carrier } from "../constants"
import { DEFAULT_BACKOFF, realSleep, type BackoffSettings } from "./backoff"

// The library never reads options: callers resolve roots and settings.

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

/** Lets a caller measure calls without the library knowing how; never a header, a query or a body. */
export type CallRecord = {
  operation: string
  method: string
  path: string
  /** A token renewal after a 401 does not count, as in the retry rules. */
  attempts: number
  /** Absent when the last attempt got no answer. */
  status?: number
  network?: "timeout" | "network-error"
  ok: boolean
  error?: string
  durationMs: number
  transactionId?: string
}

/** Must not throw (what it throws is ignored). */
export type CallObserver = (record: CallRecord) => void

export type ShippingClientConfig = {
  roots: ShippingRoots
  credentials: { apiKey: string; apiSecret: string }
  /** Covers the request and its body. */
  timeoutMs: number
  concurrency: number
  /** When it may be repeated (throttled, unavailable, idempotent). */
  maxAttempts: number
  acceptLanguage?: string
  /** Identity when absent. */
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

/** Credentials are kept apart so they never sit in a loggable object. */
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
