import { errorForStatus, ShippingNetworkError } from "../errors"
import { parseServiceError } from "../schemas/error"
import { fullJitterDelay, parseRetryAfter } from "./backoff"
import { applyCarrierCodes } from "./carrier-codes"
import { rootUrl, type ResolvedClientConfig } from "./config"
import type { Limiter } from "./limiter"
import type { IdentityTracker } from "./service-identity"
import {
  buildUrl,
  commonHeaders,
  definedHeaders,
  encodeBody,
  type CallOptions,
  type OperationRequest,
  type RetryPolicy,
} from "./request"
import { scrubServiceError, scrubText } from "./scrub"
import type { TokenSource } from "./token-cache"
import { sendOnce, type WireResponse } from "./transport"

// One path for every call, so every operation gets the same timeouts, headers, errors, retries and logs.

function retryableStatus(policy: RetryPolicy, status: number): boolean {
  if (status === 429) return true
  if (policy === "idempotent") return status >= 500
  if (policy === "not-idempotent") return status === 503
  return false
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  const lower = name.toLowerCase()
  return Object.keys(headers).some((h) => h.toLowerCase() === lower)
}

type CallProgress = {
  attempts: number
  status?: number
  network?: "timeout" | "network-error"
}

export type CallerDeps = {
  config: ResolvedClientConfig
  limiter: Limiter
  /** A function: the token source is built after the Caller, which it uses for the token operation. */
  tokens: () => TokenSource
  secrets: readonly string[]
  identity: IdentityTracker
}

export class Caller {
  // Private: the deps hold the API key and secret, which must not show when a client is inspected.
  readonly #deps: CallerDeps

  constructor(deps: CallerDeps) {
    this.#deps = deps
  }

  async call(
    request: OperationRequest,
    options: CallOptions
  ): Promise<WireResponse> {
    const { config } = this.#deps
    const observer = config.observer
    if (!observer) return this.attempts(request, options, undefined)
    const progress: CallProgress = { attempts: 0 }
    const started = config.now()
    let error: unknown
    try {
      return await this.attempts(request, options, progress)
    } catch (e) {
      error = e
      throw e
    } finally {
      try {
        observer({
          operation: options.operation,
          method: request.method,
          path: request.path,
          attempts: progress.attempts,
          ...(progress.status !== undefined ? { status: progress.status } : {}),
          ...(progress.network ? { network: progress.network } : {}),
          ok: error === undefined,
          ...(error !== undefined
            ? { error: error instanceof Error ? error.name : "Error" }
            : {}),
          durationMs: Math.max(0, config.now() - started),
          ...(options.transactionId
            ? { transactionId: options.transactionId }
            : {}),
        })
      } catch {
        // An observer never changes a call's outcome.
      }
    }
  }

  private async attempts(
    request: OperationRequest,
    options: CallOptions,
    progress: CallProgress | undefined
  ): Promise<WireResponse> {
    const { config } = this.#deps
    const wire = applyCarrierCodes(request, config.carrierCodes)
    const url = buildUrl(
      rootUrl(config.roots, wire.root ?? "base"),
      wire.path,
      wire.query
    )
    const encoded = encodeBody(wire.body)
    const headers = {
      ...commonHeaders(config.acceptLanguage),
      ...definedHeaders(wire.headers),
    }
    if (encoded.contentType && !hasHeader(headers, "Content-Type"))
      headers["Content-Type"] = encoded.contentType

    const bearer = (options.auth ?? "bearer") === "bearer"
    let token = bearer ? await this.#deps.tokens().get() : undefined
    let renewed = false
    let attempt = 0

    for (;;) {
      attempt++
      const secrets = [
        ...this.#deps.secrets,
        ...(options.secrets ?? []),
        ...(token ? [token] : []),
      ]
      const attemptHeaders = token
        ? { ...headers, Authorization: `Bearer ${token}` }
        : headers
      let response: WireResponse
      try {
        response = await this.attempt(
          {
            method: wire.method,
            url,
            headers: attemptHeaders,
            body: encoded.body,
          },
          options,
          wire.path,
          attempt,
          progress
        )
      } catch (error) {
        if (
          error instanceof ShippingNetworkError &&
          options.retry === "idempotent" &&
          attempt < config.maxAttempts
        ) {
          await config.sleep(
            fullJitterDelay(attempt, config.backoff, config.random)
          )
          continue
        }
        throw error
      }

      const { status } = response
      if (
        (status >= 200 && status < 300) ||
        options.acceptStatuses?.includes(status)
      )
        return response

      // Doc 4: a 401 refreshes the token and repeats the call once, not counted as an attempt.
      if (status === 401 && bearer && !renewed) {
        renewed = true
        attempt--
        token = await this.#deps.tokens().renew(token as string)
        continue
      }

      const retryAfterMs =
        status === 429 || status === 503
          ? parseRetryAfter(response.headers.get("retry-after"), config.now())
          : undefined
      const error = errorForStatus(
        status,
        scrubServiceError(parseServiceError(status, response.body), secrets),
        {
          operation: options.operation,
          transactionId: options.transactionId,
          retryAfterMs,
        }
      )
      if (
        !retryableStatus(options.retry, status) ||
        attempt >= config.maxAttempts
      )
        throw error
      if (
        retryAfterMs !== undefined &&
        retryAfterMs > config.backoff.maxRetryAfterMs
      )
        throw error
      await config.sleep(
        retryAfterMs ?? fullJitterDelay(attempt, config.backoff, config.random)
      )
    }
  }

  private async attempt(
    wire: {
      method: string
      url: string
      headers: Record<string, string>
      body?: string
    },
    options: CallOptions,
    path: string,
    attempt: number,
    progress: CallProgress | undefined
  ): Promise<WireResponse> {
    const { config, limiter } = this.#deps
    const send = async () => {
      const started = config.now()
      if (progress) {
        progress.attempts = attempt
        delete progress.status
        delete progress.network
      }
      try {
        const response = await sendOnce(
          config.fetch,
          wire,
          config.timeoutMs,
          options
        )
        this.#deps.identity.observe(response.headers, config.now())
        if (progress) progress.status = response.status
        this.log(
          options,
          wire.method,
          path,
          String(response.status),
          config.now() - started,
          attempt
        )
        return response
      } catch (error) {
        const what =
          error instanceof ShippingNetworkError && error.timedOut
            ? "timeout"
            : "network-error"
        if (progress) progress.network = what
        this.log(
          options,
          wire.method,
          path,
          what,
          config.now() - started,
          attempt
        )
        throw error
      }
    }
    return options.limited === false ? send() : limiter.run(send)
  }

  /** Never the query or headers. */
  private log(
    options: CallOptions,
    method: string,
    path: string,
    outcome: string,
    ms: number,
    attempt: number
  ): void {
    const debug = this.#deps.config.logger.debug
    if (!debug) return
    const tx = options.transactionId ? ` tx=${options.transactionId}` : ""
    const line = `shipping-api ${options.operation} ${method} ${path} ${outcome} ${ms}ms attempt=${attempt}${tx}`
    debug(scrubText(line, [...this.#deps.secrets, ...(options.secrets ?? [])]))
  }
}
