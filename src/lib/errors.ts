import {
  isServiceAway,
  ShippingApiError,
  ShippingValidationError,
} from "../shipping-api/errors"

/**
 * The `code` of an error that says the service is not answering (shared/spec/4 statuses 5xx,
 * 503, 429, no answer), as the provider hands it to Medusa: it survives Medusa's workflows, which
 * pass a step's error on as a copy of its own fields. The automatic fulfillment reads it to leave
 * the order waiting for the service instead of spending one of its attempts.
 */
export const SERVICE_AWAY_CODE = "shipping_service_away"

/** Whether an error (or its serialized copy out of a workflow) says the service is not answering. */
export function saysServiceAway(error: unknown): boolean {
  if (isServiceAway(error)) return true
  return (
    !!error &&
    typeof error === "object" &&
    ((error as { code?: unknown }).code === SERVICE_AWAY_CODE ||
      (error as { away?: unknown }).away === true)
  )
}

/** Workflow runs throw Errors, MedusaErrors, or plain `{ message }` objects (serialized errors). */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (
    error &&
    typeof error === "object" &&
    typeof (error as { message?: unknown }).message === "string"
  ) {
    return (error as { message: string }).message
  }
  return String(error)
}

/** A failure as the plugin keeps it on its rows: the words, and the service's status and codes. */
export function errorRecord(error: unknown): Record<string, unknown> {
  const record = recordOf(error)
  // `away`: the service was not answering (not the order's fault; see SERVICE_AWAY_CODE).
  return saysServiceAway(error) ? { ...record, away: true } : record
}

function recordOf(error: unknown): Record<string, unknown> {
  if (error instanceof ShippingValidationError) {
    return {
      message: error.message,
      status: 0,
      codes: error.codes,
      violations: error.violations,
    }
  }
  if (error instanceof ShippingApiError) {
    return {
      message: error.message,
      status: error.status,
      codes: error.codes,
      messages: error.messages,
      transaction_id: error.transactionId ?? null,
    }
  }
  return { message: messageOf(error) }
}
