import { randomBytes } from "node:crypto"
import {
  ShippingApiError,
  ShippingNetworkError,
  ShippingNotFoundError,
  ShippingOutcomeUnknownError,
  ShippingServerError,
  ShippingUnavailableError,
} from "../errors"

/**
 * Doc 2 rule 4 with doc 4's decision: after a 500, a timeout or a dropped connection, a create is
 * never posted again with the same id; only a 404 of the retry operation allows a new, stored id.
 */

export type CreateFlowOptions = {
  /** Stored by the caller before this call (doc 4). */
  transactionId: string
  /** Awaited before a new id is used; without it no second create happens. */
  onNewTransactionId?: (transactionId: string) => Promise<void> | void
  newTransactionId?: () => string
  /** Each with its own id. Default 3. */
  maxCreateAttempts?: number
}

export type CreateFlowSteps<S> = {
  post(transactionId: string): Promise<S>
  /** Undefined when the retry operation answers 404. */
  lookup(transactionId: string): Promise<S | undefined>
}

export type CreateShipmentResult<S> = {
  shipment: S
  transactionId: string
  recovered: boolean
}

export const DEFAULT_MAX_CREATE_ATTEMPTS = 3

/** Within doc 2's 25 characters and unguessable. */
export function randomTransactionId(): string {
  return randomBytes(12).toString("base64url")
}

export function isAmbiguousCreateFailure(error: unknown): boolean {
  return (
    error instanceof ShippingServerError ||
    error instanceof ShippingUnavailableError ||
    error instanceof ShippingNetworkError
  )
}

function safeCause(error: unknown): Record<string, unknown> {
  if (error instanceof ShippingApiError)
    return { name: error.name, status: error.status, codes: error.codes }
  return { name: error instanceof Error ? error.name : "Error" }
}

export async function createWithRecovery<S>(
  steps: CreateFlowSteps<S>,
  options: CreateFlowOptions,
  operation = "createShipment"
): Promise<CreateShipmentResult<S>> {
  const maxAttempts = options.maxCreateAttempts ?? DEFAULT_MAX_CREATE_ATTEMPTS
  const newId = options.newTransactionId ?? randomTransactionId
  const used = new Set<string>()
  let transactionId = options.transactionId

  for (let attempt = 1; ; attempt++) {
    if (used.has(transactionId)) {
      // A generator that repeats itself would make us post twice with one id.
      throw new Error(
        `${operation}: transaction id ${transactionId} was already posted; newTransactionId must return fresh ids`
      )
    }
    used.add(transactionId)
    let createError: unknown
    try {
      return {
        shipment: await steps.post(transactionId),
        transactionId,
        recovered: false,
      }
    } catch (error) {
      if (!isAmbiguousCreateFailure(error)) throw error
      createError = error
    }

    let found: S | undefined
    try {
      found = await steps.lookup(transactionId)
    } catch (error) {
      if (!(error instanceof ShippingNotFoundError)) {
        throw new ShippingOutcomeUnknownError({
          operation,
          transactionId,
          messages: error instanceof ShippingApiError ? error.messages : [],
          cause: {
            create: safeCause(createError),
            retryOperation: safeCause(error),
          },
        })
      }
    }
    if (found !== undefined)
      return { shipment: found, transactionId, recovered: true }

    // A new id is allowed only once the caller has stored it.
    if (attempt >= maxAttempts || !options.onNewTransactionId) throw createError
    transactionId = newId()
    await options.onNewTransactionId(transactionId)
  }
}
