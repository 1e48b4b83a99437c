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
  "conflict" | "shipping_service_error" | "files_removed"

/** What Medusa's error handler cannot answer in words: it has no 502 or 410 and rewrites every 409's message; refusals are MedusaErrors. */
export class ShippingActionError extends Error {
  constructor(
    message: string,
    readonly status: 409 | 410 | 502,
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
  if (error instanceof Error) return error
  // A workflow run hands back a plain copy of a step's MedusaError: rebuilt, in this action's words.
  const type = (error as { type?: unknown } | null)?.type
  // The provider's word for the service failing or away (Medusa would answer it 500).
  if (type === MedusaError.Types.UNEXPECTED_STATE)
    return failed(what, new Error(messageOf(error)))
  return typeof type === "string" &&
    (Object.values(MedusaError.Types) as string[]).includes(type)
    ? new MedusaError(type, `${what}: ${messageOf(error)}`)
    : new Error(messageOf(error))
}

const REFUSALS: string[] = [
  MedusaError.Types.INVALID_DATA,
  MedusaError.Types.NOT_ALLOWED,
  MedusaError.Types.NOT_FOUND,
]

/** A MedusaError that refuses the input, or a workflow run's serialized copy of one. */
export function isMedusaRefusal(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type
  return typeof type === "string" && REFUSALS.includes(type)
}

const STATUSES = new Set([409, 410, 502])
const TYPES = new Set(["conflict", "shipping_service_error", "files_removed"])

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
