import {
  ShippingApiError,
  ShippingBadRequestError,
  ShippingNotFoundError,
  ShippingValidationError,
} from "../../shipping-api/errors"
import type { SenderContact } from "./changes"

/** `status` is what the admin route answers. */
export class ContactUpdateError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 502,
    readonly code: string
  ) {
    super(message)
    this.name = "ContactUpdateError"
  }
}

/** Medusa serializes a step's error without its class, so it is recognised by name and fields. */
export function contactUpdateErrorFrom(
  error: unknown
): ContactUpdateError | null {
  if (error instanceof ContactUpdateError) return error
  const e = error as {
    name?: unknown
    message?: unknown
    status?: unknown
    code?: unknown
  } | null
  if (
    !e ||
    typeof e !== "object" ||
    e.name !== "ContactUpdateError" ||
    typeof e.message !== "string"
  )
    return null
  if (
    ![400, 404, 502].includes(e.status as number) ||
    typeof e.code !== "string"
  )
    return null
  return new ContactUpdateError(
    e.message,
    e.status as ContactUpdateError["status"],
    e.code
  )
}

export function contactError(
  error: unknown,
  contact: Pick<SenderContact, "contact_id" | "id_type">
): ContactUpdateError {
  const detail =
    error instanceof ShippingApiError && error.messages.length
      ? error.messages.join("; ")
      : error instanceof Error
        ? error.message
        : String(error)
  if (error instanceof ShippingValidationError) {
    return new ContactUpdateError(
      `The contact update breaks a rule of the service: ${detail}`,
      400,
      "validation_error"
    )
  }
  if (error instanceof ShippingNotFoundError) {
    return new ContactUpdateError(
      `The shipping service has no contact ${contact.contact_id}${contact.id_type ? ` with idType ${contact.id_type}` : ""}: check contact.contactId${contact.id_type ? " and contact.idType" : ""} in the plugin's options (${detail})`,
      404,
      "not_found"
    )
  }
  if (error instanceof ShippingBadRequestError) {
    return new ContactUpdateError(
      `The shipping service refused the contact update: ${detail}`,
      400,
      error.codes[0] ?? "validation_error"
    )
  }
  return new ContactUpdateError(
    `The shipping service could not update the contact: ${detail}`,
    502,
    "service_error"
  )
}
