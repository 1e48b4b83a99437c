import { ShippingNetworkError } from "../errors"
import type { FetchLike } from "./config"

// One attempt, never retried; a failure's cause keeps only name and code, as a raw fetch error can
// carry the Authorization header.

export type WireRequest = {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}

export type WireResponse = {
  status: number
  headers: Headers
  /** Parsed JSON, the raw text when not JSON, or undefined when empty. */
  body: unknown
}

function parseBody(text: string): unknown {
  if (text.trim() === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function sanitizedCause(error: unknown): { name: string; code?: string } {
  const e = error as {
    name?: unknown
    code?: unknown
    cause?: { code?: unknown }
  }
  const code =
    typeof e?.code === "string"
      ? e.code
      : typeof e?.cause?.code === "string"
        ? e.cause.code
        : undefined
  return {
    name: typeof e?.name === "string" ? e.name : "Error",
    ...(code ? { code } : {}),
  }
}

export async function sendOnce(
  fetchFn: FetchLike,
  request: WireRequest,
  timeoutMs: number,
  context: { operation: string; transactionId?: string }
): Promise<WireResponse> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  try {
    const response = await fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
    })
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: parseBody(text),
    }
  } catch (error) {
    throw new ShippingNetworkError({
      operation: context.operation,
      transactionId: context.transactionId,
      timedOut,
      cause: sanitizedCause(error),
    })
  } finally {
    clearTimeout(timer)
  }
}
