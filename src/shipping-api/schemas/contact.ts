import { z } from "../zod"
import { fieldRule, respString } from "./common"

/**
 * Doc 3, contact update (PATCH {contact_url}/api/v1/contact/{contactId}): a partial body, only
 * the fields given change. Doc 4 decides the success answer. The error bodies (400/404 with
 * errorCode..., 401/500 with message) are parsed by schemas/error.ts like every other error.
 */

export const CONTACT_SOURCE = {
  body: "doc 3, Contact (update body)",
  endpoint: "doc 3, PATCH /api/v1/contact/{contactId}",
  ours: "ours (docs/service-client.md)",
} as const

const atLeastOneField = fieldRule<{ name?: string; company?: string }>({
  id: "contact.body.not-empty",
  source: CONTACT_SOURCE.ours,
  description: "must give name or company: an empty update changes nothing",
  test: (v) => v.name !== undefined || v.company !== undefined,
})

export const contactUpdateSchema = z
  .strictObject({
    name: z.string().optional(),
    company: z.string().optional(),
  })
  .check(atLeastOneField)
export type ContactUpdate = z.output<typeof contactUpdateSchema>

/** contactId path parameter: required string. */
export const contactIdSchema = z.string().check(
  fieldRule<string>({
    id: "contact.contactId.not-empty",
    source: CONTACT_SOURCE.endpoint,
    description: "must not be empty",
    test: (v) => v.trim().length > 0,
  })
)

/** Doc 4 "Other gaps": 200 with the updated contact `{ contactId, name, company, ... }`. */
export const contactResponseSchema = z.looseObject({
  contactId: z.string().min(1),
  name: respString,
  company: respString,
})
export type ContactResponse = z.output<typeof contactResponseSchema>
