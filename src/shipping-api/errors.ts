import type { ServiceError, ServiceErrorEntry } from "./schemas/error"
import { formatViolations, type Violation } from "./violation"

/**
 * One class per way a call can fail, so callers branch on `instanceof` instead of on numbers.
 * Nothing here ever holds a request, its headers, a token, a key or a secret: errors get logged,
 * serialized into workflow state and shown in the admin. The client scrubs its own secrets out of
 * the service's messages before they reach these constructors.
 */

export type ShippingErrorInit = {
  /** Client operation, e.g. `createShipment`, `token`, `listWebhookConfigs`. */
  operation: string
  /** HTTP status; 0 when no response was received (validation, timeout, dropped connection). */
  status?: number
  codes?: string[]
  messages?: string[]
  entries?: ServiceErrorEntry[]
  transactionId?: string
  /** A sanitized cause (never a raw fetch error or response). */
  cause?: unknown
}

export class ShippingApiError extends Error {
  readonly operation: string
  readonly status: number
  readonly codes: string[]
  readonly messages: string[]
  readonly entries: ServiceErrorEntry[]
  readonly transactionId?: string
  override readonly cause?: unknown

  constructor(message: string, init: ShippingErrorInit) {
    super(message)
    this.name = new.target.name
    if (init.cause !== undefined) this.cause = init.cause
    this.operation = init.operation
    this.status = init.status ?? 0
    this.codes = init.codes ?? []
    this.messages = init.messages ?? []
    this.entries = init.entries ?? []
    if (init.transactionId !== undefined)
      this.transactionId = init.transactionId
  }

  /** Errors end up in JSON (workflow state, API answers): keep the same safe fields there. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      name: this.name,
      message: this.message,
      operation: this.operation,
      status: this.status,
      codes: this.codes,
      messages: this.messages,
    }
    if (this.transactionId !== undefined) out.transactionId = this.transactionId
    return out
  }
}

function describe(what: string, init: ShippingErrorInit): string {
  const status = init.status ? ` (HTTP ${init.status})` : ""
  const detail = init.messages?.length ? `: ${init.messages.join("; ")}` : ""
  const tx = init.transactionId ? ` [transaction ${init.transactionId}]` : ""
  return `${init.operation}: ${what}${status}${detail}${tx}`
}

/** The request broke a rule of the documents; it was never sent. */
export class ShippingValidationError extends ShippingApiError {
  readonly violations: Violation[]
  constructor(init: ShippingErrorInit & { violations: Violation[] }) {
    super(
      `${init.operation}: request not sent, it breaks ${init.violations.length} rule(s):\n${formatViolations(init.violations)}`,
      {
        ...init,
        status: 0,
        codes: init.violations.map((v) => v.rule),
        messages: init.violations.map(
          (v) => `${v.path || "(request)"}: ${v.message}`
        ),
      }
    )
    this.violations = init.violations
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), violations: this.violations }
  }
}

/** 400 (and other 4xx without a class of their own): the service refused the request. */
export class ShippingBadRequestError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(describe("the service refused the request", init), init)
  }
}

/** 401 even after one token refresh, or the token operation itself refused the credentials. */
export class ShippingAuthenticationError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(describe("not authorized; check the API key and secret", init), init)
  }
}

/** 403: the account is not enabled for this operation (doc 4). */
export class ShippingForbiddenError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(describe("the account is not enabled for this operation", init), init)
  }
}

export class ShippingNotFoundError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(describe("not found", init), init)
  }
}

/** An error whose answer carried Retry-After (429, 503): the wait the service asked for. */
abstract class ShippingRetryAfterError extends ShippingApiError {
  /** What the service asked for in Retry-After, if anything. */
  readonly retryAfterMs?: number
  constructor(
    what: string,
    init: ShippingErrorInit & { retryAfterMs?: number }
  ) {
    super(describe(what, init), init)
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs }
  }
}

/** 429 after the client's own retries. */
export class ShippingRateLimitedError extends ShippingRetryAfterError {
  constructor(init: ShippingErrorInit & { retryAfterMs?: number }) {
    super("throttled by the service", init)
  }
}

/** 500 and other 5xx except 503. */
export class ShippingServerError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(describe("server error at the service", init), init)
  }
}

/** 503: maintenance (doc 4). */
export class ShippingUnavailableError extends ShippingRetryAfterError {
  constructor(init: ShippingErrorInit & { retryAfterMs?: number }) {
    super("the service is unavailable (maintenance)", init)
  }
}

/** No answer: the call timed out or the connection dropped. */
export class ShippingNetworkError extends ShippingApiError {
  readonly timedOut: boolean
  constructor(init: ShippingErrorInit & { timedOut: boolean }) {
    super(
      describe(
        init.timedOut
          ? "no answer within the timeout"
          : "the connection failed or dropped",
        init
      ),
      {
        ...init,
        status: 0,
      }
    )
    this.timedOut = init.timedOut
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timedOut: this.timedOut }
  }
}

/** A 2xx answer whose body is not what the documents describe. */
export class ShippingUnexpectedResponseError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(
      describe("the answer does not match the documented shape", init),
      init
    )
  }
}

/**
 * Create shipment (doc 2 rule 4): the create may or may not have produced a label and the retry
 * operation could not tell. The caller must keep the transaction id and ask the retry operation
 * later (it works for 24 hours) before creating again.
 */
export class ShippingOutcomeUnknownError extends ShippingApiError {
  override readonly transactionId: string
  constructor(init: ShippingErrorInit & { transactionId: string }) {
    super(
      `${init.operation}: outcome unknown for transaction ${init.transactionId}: the create got no clear answer and the retry operation could not be reached; check it with retryShipment before creating again${
        init.messages?.length ? ` (${init.messages.join("; ")})` : ""
      }`,
      init
    )
    this.transactionId = init.transactionId
  }
}

export type RetryAfter = { retryAfterMs?: number }

/** The class that stands for an HTTP status, with the service's codes and messages. */
export function errorForStatus(
  status: number,
  parsed: ServiceError,
  base: { operation: string; transactionId?: string } & RetryAfter
): ShippingApiError {
  const init = {
    ...base,
    status,
    codes: parsed.codes,
    messages: parsed.messages,
    entries: parsed.entries,
  }
  if (status === 401) return new ShippingAuthenticationError(init)
  if (status === 403) return new ShippingForbiddenError(init)
  if (status === 404) return new ShippingNotFoundError(init)
  if (status === 429) return new ShippingRateLimitedError(init)
  if (status === 503) return new ShippingUnavailableError(init)
  if (status >= 500) return new ShippingServerError(init)
  return new ShippingBadRequestError(init)
}

/**
 * Whether a failure says the service is not answering, rather than refusing this request: a 5xx
 * (503 maintenance included), a 429 after the client's own retries, no answer at all (timeout,
 * connection refused or reset), or a create whose outcome could not be learnt. Such a failure is
 * nobody's fault and is tried again once the service answers; a 4xx, a broken rule or a refused
 * credential is the request's (or the merchant's) and is not. Pure.
 */
export function isServiceAway(error: unknown): boolean {
  return (
    error instanceof ShippingUnavailableError ||
    error instanceof ShippingServerError ||
    error instanceof ShippingRateLimitedError ||
    error instanceof ShippingNetworkError ||
    error instanceof ShippingOutcomeUnknownError
  )
}
