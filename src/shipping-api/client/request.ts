import { HEADER } from "../constants"
import type { RootName } from "./config"

/**
 * What a pure builder (src/shipping-api/operations/*) returns: the HTTP request, relative to a
 * root, with the documents' neutral carrier ids. The client adds the root, the token, the common
 * headers and the wire carrier codes.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

export type OperationRequest = {
  method: HttpMethod
  path: string
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string | undefined>
  /** A JSON value, or an already encoded string (the token operation's form body). */
  body?: unknown
  /** Which root serves it; `base` when absent (doc 4 "Roots"). */
  root?: RootName
}

/**
 * How a call may be repeated:
 * - `idempotent`: GET and calls with no side effect: repeat on 429, 5xx, timeouts, dropped connections.
 * - `not-idempotent`: repeat only when the service said it did not take the request (429, 503);
 *   after a 500 or a lost answer the outcome is unknown, so it is never repeated blindly.
 * - `create`: create shipment: repeat only on 429; 5xx and lost answers go to the doc 2 rule 4
 *   recovery (retry operation, then a new transaction id), never to a second post with one id.
 */
export type RetryPolicy = "idempotent" | "not-idempotent" | "create"

export type CallOptions = {
  /** Name of the client operation, for errors and logs. */
  operation: string
  retry: RetryPolicy
  /** `none` only for the token operation, which carries its own Basic header. */
  auth?: "bearer" | "none"
  /** Token calls skip the concurrency limit (see docs/service-client.md). */
  limited?: boolean
  transactionId?: string
  /** Values of the request that must never appear in errors or logs (webhook keys...). */
  secrets?: readonly string[]
  /** Statuses other than 2xx that the operation treats as an answer, e.g. 404 of the retry operation. */
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

/** Headers of every request (doc 4: the unified error structure is always asked for). */
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
