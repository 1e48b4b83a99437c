import { MedusaError } from "@medusajs/framework/utils"
import {
  ShippingApiError,
  ShippingValidationError,
} from "../../shipping-api/errors"
import { messageOf } from "../../lib/errors"

/** The service's refusal in words Medusa shows the admin (400), anything else as unexpected. */
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
    return new MedusaError(type, `Shipping service: ${error.message}`)
  }
  return error instanceof Error ? error : new Error(messageOf(error))
}
