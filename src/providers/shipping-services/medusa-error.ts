import { MedusaError } from "@medusajs/framework/utils"
import {
  isServiceAway,
  ShippingApiError,
  ShippingValidationError,
} from "../../shipping-api/errors"
import { messageOf, SERVICE_AWAY_CODE } from "../../lib/errors"

/**
 * The service's refusal as a 400 the admin sees. SERVICE_AWAY_CODE outlives Medusa's workflows, so
 * automatic fulfillment waits for the service instead of counting an attempt.
 */
export function toMedusaError(error: unknown): Error {
  if (error instanceof MedusaError) return error
  if (error instanceof ShippingValidationError) {
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The shipment breaks the service's rules:\n${error.messages.join("\n")}`
    )
  }
  if (error instanceof ShippingApiError) {
    const type =
      error.status >= 400 && error.status < 500
        ? MedusaError.Types.INVALID_DATA
        : MedusaError.Types.UNEXPECTED_STATE
    return new MedusaError(
      type,
      `Shipping service: ${error.message}`,
      isServiceAway(error) ? SERVICE_AWAY_CODE : undefined
    )
  }
  return error instanceof Error ? error : new Error(messageOf(error))
}

/** Nothing is sent while the outage is open; the order waits without spending an attempt. */
export function serviceAwayError(outage: {
  since: string
  reason?: string | null
}): MedusaError {
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `Shipping service: not answering since ${outage.since}${outage.reason ? ` (${outage.reason})` : ""}: nothing was sent; the label is bought as soon as it answers again`,
    SERVICE_AWAY_CODE
  )
}
