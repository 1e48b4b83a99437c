import { MedusaError } from "@medusajs/framework/utils"
import {
  ShippingApiError,
  ShippingBadRequestError,
  ShippingForbiddenError,
  ShippingNotFoundError,
  ShippingValidationError,
} from "../shipping-api/errors"
import { messageOf } from "./errors"

export type ActionErrorType =
  | "not_found"
  | "not_allowed"
  | "invalid_data"
  | "conflict"
  | "shipping_service_error"
  | "files_removed"

/** An admin action refused in words; Medusa's error handler has no 502 and rewrites every 409's message. */
export class ShippingActionError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 410 | 502,
    readonly type: ActionErrorType
  ) {
    super(message)
    this.name = "ShippingActionError"
  }
}

const refused = (error: unknown) =>
  error instanceof ShippingValidationError ||
  error instanceof ShippingBadRequestError ||
  error instanceof ShippingNotFoundError ||
  error instanceof ShippingForbiddenError

const failed = (what: string, error: Error) =>
  new ShippingActionError(
    `${what}: the shipping service failed or could not be reached (${error.message}). Try again in a few minutes.`,
    502,
    "shipping_service_error"
  )

/**
 * A step's call to the service that threw: a refusal is Medusa's INVALID_DATA in the service's
 * words, a failure the admin's 502; the client's errors never hold a secret.
 */
export function serviceErrorOf(error: unknown, what: string): Error {
  if (refused(error)) {
    const e = error as ShippingApiError
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${what}: ${e.messages.join("; ") || e.message}`
    )
  }
  if (error instanceof ShippingApiError) return failed(what, error)
  return error instanceof Error ? error : new Error(messageOf(error))
}

/** What the service (or Medusa, around it) answered, worded for the admin: refusals 400, failures 502. */
export function actionErrorOf(error: unknown, what: string): Error {
  if (error instanceof ShippingActionError) return error
  const crossed = shippingActionErrorFrom(error)
  if (crossed) return crossed
  if (refused(error)) {
    const e = error as ShippingApiError
    return new ShippingActionError(
      `${what}: ${e.messages.join("; ") || e.message}`,
      400,
      "invalid_data"
    )
  }
  if (error instanceof ShippingApiError) return failed(what, error)
  if (error instanceof MedusaError) {
    const status =
      error.type === MedusaError.Types.NOT_FOUND
        ? 404
        : error.type === MedusaError.Types.UNEXPECTED_STATE
          ? 502
          : 400
    return new ShippingActionError(
      `${what}: ${error.message}`,
      status,
      status === 404
        ? "not_found"
        : status === 502
          ? "shipping_service_error"
          : "not_allowed"
    )
  }
  // A workflow run throws serialized errors ({ message, type }); anything else is our fault (500).
  const type = (error as { type?: unknown } | null)?.type
  if (typeof type !== "string")
    return error instanceof Error ? error : new Error(messageOf(error))
  const status =
    type === MedusaError.Types.UNEXPECTED_STATE
      ? 502
      : type === MedusaError.Types.NOT_FOUND
        ? 404
        : 400
  return new ShippingActionError(
    `${what}: ${messageOf(error)}`,
    status,
    status === 404
      ? "not_found"
      : status === 502
        ? "shipping_service_error"
        : "not_allowed"
  )
}

const STATUSES = new Set([400, 404, 409, 502])
const TYPES = new Set([
  "not_found",
  "not_allowed",
  "invalid_data",
  "conflict",
  "shipping_service_error",
])

/** A ShippingActionError a step threw, rebuilt: a workflow run serializes it and drops its class. */
export function shippingActionErrorFrom(
  error: unknown
): ShippingActionError | null {
  if (error instanceof ShippingActionError) return error
  const e = error as {
    name?: unknown
    message?: unknown
    status?: unknown
    type?: unknown
  } | null
  if (
    !e ||
    typeof e !== "object" ||
    e.name !== "ShippingActionError" ||
    typeof e.message !== "string"
  )
    return null
  if (!STATUSES.has(e.status as number) || !TYPES.has(e.type as string))
    return null
  return new ShippingActionError(
    e.message,
    e.status as ShippingActionError["status"],
    e.type as ActionErrorType
  )
}
