import type { OperationRequest } from "../client/request"
import {
  CONTACT_SOURCE,
  contactIdSchema,
  contactUpdateSchema,
  type ContactUpdate,
} from "../schemas/contact"
import type { Violation } from "../violation"
import { zodViolations } from "./webhooks"

// Doc 3: a field sent as "" would blank it at the service, and a body with no field would change nothing.

export const CONTACT_PATH = "/api/v1/contact"

export function buildUpdateContact(
  contactId: string,
  update: ContactUpdate | Record<string, unknown>,
  options: { idType?: string } = {}
): ({ ok: true } & OperationRequest) | { ok: false; violations: Violation[] } {
  // `{ name: undefined }` is "no name change", not a field.
  const given = Object.fromEntries(
    Object.entries(update ?? {}).filter(([, v]) => v !== undefined)
  )
  const body = contactUpdateSchema.safeParse(given)
  const id = contactIdSchema.safeParse(contactId)
  const violations = [
    ...(id.success
      ? []
      : zodViolations(id.error, {
          prefix: "contact.contactId",
          source: CONTACT_SOURCE.endpoint,
        }).map((v) => ({ ...v, path: "contactId" }))),
    ...(body.success
      ? []
      : zodViolations(body.error, {
          prefix: "contact",
          source: CONTACT_SOURCE.body,
        })),
  ]
  if (!body.success || !id.success || violations.length)
    return { ok: false, violations }
  return {
    ok: true,
    method: "PATCH",
    root: "contact",
    path: `${CONTACT_PATH}/${encodeURIComponent(contactId)}`,
    query: { idType: options.idType },
    body: body.data,
  }
}
