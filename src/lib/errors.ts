import {
  isServiceAway,
  ShippingApiError,
  ShippingValidationError,
} from "../shipping-api/errors"

/** Survives Medusa's workflows, so automatic fulfillment waits for the service without spending an attempt. */
export const SERVICE_AWAY_CODE = "shipping_service_away"

/** Also on its serialized copy out of a workflow. */
export function saysServiceAway(error: unknown): boolean {
  if (isServiceAway(error)) return true
  return (
    !!error &&
    typeof error === "object" &&
    ((error as { code?: unknown }).code === SERVICE_AWAY_CODE ||
      (error as { away?: unknown }).away === true)
  )
}

/** Workflow runs throw Errors, MedusaErrors, or plain `{ message }` objects. */
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

/** The words, and the service's status and codes. */
export function errorRecord(error: unknown): Record<string, unknown> {
  const record = recordOf(error)
  // `away`: not the order's fault.
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
