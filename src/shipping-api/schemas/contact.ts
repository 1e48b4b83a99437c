import { z } from "../zod"
import { fieldRule, respString } from "./common"

// Doc 3: a partial body, only the fields given change; doc 4 decides the success answer.

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

export const contactIdSchema = z.string().check(
  fieldRule<string>({
    id: "contact.contactId.not-empty",
    source: CONTACT_SOURCE.endpoint,
    description: "must not be empty",
    test: (v) => v.trim().length > 0,
  })
)

/** Doc 4 "Other gaps": 200 with the updated contact. */
export const contactResponseSchema = z.looseObject({
  contactId: z.string().min(1),
  name: respString,
  company: respString,
})
export type ContactResponse = z.output<typeof contactResponseSchema>
