import {
  ShippingApiError,
  ShippingValidationError,
} from "../shipping-api/errors"

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
