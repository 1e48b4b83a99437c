import { HEADER } from "../constants"
import type { RootName } from "./config"

// Builders return requests relative to a root with neutral carrier ids; the client adds the rest.
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

export type OperationRequest = {
  method: HttpMethod
  path: string
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string | undefined>
  /** Or an already encoded string (the token operation's form body). */
  body?: unknown
  /** `base` when absent (doc 4 "Roots"). */
  root?: RootName
}

/**
 * `idempotent`: repeat on 429, 5xx, timeouts, dropped connections. `not-idempotent`: only on 429, 503.
 * `create`: only on 429; else the doc 2 rule 4 recovery, never a second post with one id.
 */
export type RetryPolicy = "idempotent" | "not-idempotent" | "create"

export type CallOptions = {
  operation: string
  retry: RetryPolicy
  /** `none` only for the token operation, which carries its own Basic header. */
  auth?: "bearer" | "none"
  /** Token calls skip the concurrency limit. */
  limited?: boolean
  transactionId?: string
  /** Never to appear in errors or logs (webhook keys...). */
  secrets?: readonly string[]
  /** Non-2xx statuses that are answers, e.g. the retry operation's 404. */
  acceptStatuses?: readonly number[]
}

export function buildUrl(
  root: string,
  path: string,
  query: OperationRequest["query"]
): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value))
  }
  const search = params.toString()
  return `${root}${path.startsWith("/") ? path : `/${path}`}${search ? `?${search}` : ""}`
}

/** Doc 4: the unified error structure is always asked for. */
export function commonHeaders(
  acceptLanguage: string | undefined
): Record<string, string> {
  return {
    Accept: "application/json",
    [HEADER.unifiedErrorStructure]: "true",
    ...(acceptLanguage ? { [HEADER.acceptLanguage]: acceptLanguage } : {}),
  }
}

export function encodeBody(body: unknown): {
  body?: string
  contentType?: string
} {
  if (body === undefined) return {}
  if (typeof body === "string") return { body }
  return { body: JSON.stringify(body), contentType: "application/json" }
}

export function definedHeaders(
  headers: OperationRequest["headers"]
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) out[name] = value
  }
  return out
}
