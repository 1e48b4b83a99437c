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

/**
 * An admin action (reprint, void, retry, close-out) that cannot be done, worded for the admin.
 * Routes answer `status` with `{ type, message }`. It exists because Medusa's error handler has
 * no 502 (the service failed) and rewrites every 409's message.
 */
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

/**
 * What the service (or Medusa, around it) answered, as an action error: the service refusing
 * the request is the admin's 400 with the service's words; the service failing or being
 * unreachable is a 502. Messages come from the client's error classes, which never hold a
 * token, key or secret.
 */
export function actionErrorOf(error: unknown, what: string): Error {
  if (error instanceof ShippingActionError) return error
  const crossed = shippingActionErrorFrom(error)
  if (crossed) return crossed
  if (
    error instanceof ShippingValidationError ||
    error instanceof ShippingBadRequestError ||
    error instanceof ShippingNotFoundError ||
    error instanceof ShippingForbiddenError
  ) {
    return new ShippingActionError(
      `${what}: ${error.messages.join("; ") || error.message}`,
      400,
      "invalid_data"
    )
  }
  if (error instanceof ShippingApiError) {
    return new ShippingActionError(
      `${what}: the shipping service failed or could not be reached (${error.message}). Try again in a few minutes.`,
      502,
      "shipping_service_error"
    )
  }
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
  // Workflow runs may throw serialized errors ({ message, type }); keep their words. Anything
  // else is a fault of ours: Medusa's handler answers 500 without details.
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

/**
 * A ShippingActionError a workflow step threw, as `workflow.run` throws it: Medusa serializes a
 * step's error (name, message and own fields, not its class), so it is rebuilt here with its
 * words and status unchanged. Anything else: null.
 */
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
