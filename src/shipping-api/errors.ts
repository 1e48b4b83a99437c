import type { ServiceError, ServiceErrorEntry } from "./schemas/error"
import { formatViolations, type Violation } from "./violation"

// Never a request, header, token, key or secret here: errors get logged, stored in workflow state
// and shown in the admin.

export type ShippingErrorInit = {
  /** E.g. `createShipment`, `token`, `listWebhookConfigs`. */
  operation: string
  /** 0 when no response was received (validation, timeout, dropped connection). */
  status?: number
  codes?: string[]
  messages?: string[]
  entries?: ServiceErrorEntry[]
  transactionId?: string
  /** Never a raw fetch error or response. */
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

  /** Keeps the same safe fields in workflow state and API answers. */
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

/** Never sent. */
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

/** Also other 4xx without a class of their own. */
export class ShippingBadRequestError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(describe("the service refused the request", init), init)
  }
}

/** Still 401 after one token refresh, or the token operation refused the credentials. */
export class ShippingAuthenticationError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(describe("not authorized; check the API key and secret", init), init)
  }
}

/** The account is not enabled for this operation (doc 4). */
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

export class ShippingRateLimitedError extends ShippingRetryAfterError {
  constructor(init: ShippingErrorInit & { retryAfterMs?: number }) {
    super("throttled by the service", init)
  }
}

export class ShippingServerError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(describe("server error at the service", init), init)
  }
}

/** Maintenance (doc 4). */
export class ShippingUnavailableError extends ShippingRetryAfterError {
  constructor(init: ShippingErrorInit & { retryAfterMs?: number }) {
    super("the service is unavailable (maintenance)", init)
  }
}

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

export class ShippingUnexpectedResponseError extends ShippingApiError {
  constructor(init: ShippingErrorInit) {
    super(
      describe("the answer does not match the documented shape", init),
      init
    )
  }
}

/** Doc 2 rule 4: the label may exist; ask the retry operation (24 hours) before creating again. */
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

/** 5xx, 429 after retries, no answer, or an unknown create outcome: nobody's fault, tried again later. */
export function isServiceAway(error: unknown): boolean {
  return (
    error instanceof ShippingUnavailableError ||
    error instanceof ShippingServerError ||
    error instanceof ShippingRateLimitedError ||
    error instanceof ShippingNetworkError ||
    error instanceof ShippingOutcomeUnknownError
  )
}
