// Doc 3's contact update is partial, so only fields that differ from the last save go out.

export type ContactOptions = {
  contactId: string
  idType?: string
  name?: string
  company?: string
}

export type SenderContact = {
  contact_id: string
  id_type: string | null
  name: string | null
  company: string | null
  /** `options`: nothing saved yet. */
  source: "saved" | "options"
  company_follows_store: boolean
  synced_at: string | null
}

export type SavedContact = {
  contactId: string
  idType: string | null
  name: string | null
  company: string | null
  synced_at: string
  sent: string[]
}

export const CONTACT_SETTING_KEY = "contact"

export type ContactFields = { name?: string; company?: string }

/** Unless pinned in options, so a store renamed in the admin renames its sender company too. */
export function companyFollowsStore(
  options: ContactOptions | undefined
): boolean {
  return !!options && !options.company?.trim()
}

function isSaved(v: unknown): v is SavedContact {
  return (
    !!v &&
    typeof v === "object" &&
    typeof (v as SavedContact).contactId === "string"
  )
}

/** The saved one when it is about the configured contact, else options. */
export function currentContact(
  options: ContactOptions | undefined,
  saved: unknown
): SenderContact | undefined {
  if (!options) return undefined
  const follows = companyFollowsStore(options)
  if (
    isSaved(saved) &&
    saved.contactId === options.contactId &&
    (saved.idType ?? null) === (options.idType ?? null)
  ) {
    return {
      contact_id: saved.contactId,
      id_type: saved.idType ?? null,
      name: saved.name ?? null,
      company: saved.company ?? null,
      source: "saved",
      company_follows_store: follows,
      synced_at: saved.synced_at ?? null,
    }
  }
  return {
    contact_id: options.contactId,
    id_type: options.idType ?? null,
    name: options.name ?? null,
    company: options.company ?? null,
    source: "options",
    company_follows_store: follows,
    synced_at: null,
  }
}

/** Trimmed; empty when nothing changes. */
export function contactChanges(
  current: Pick<SenderContact, "name" | "company">,
  requested: ContactFields
): ContactFields {
  const out: ContactFields = {}
  for (const field of ["name", "company"] as const) {
    const value = requested[field]
    if (value === undefined) continue
    const next = value.trim()
    if (next !== (current[field] ?? "")) out[field] = next
  }
  return out
}

/** The service's answer wins where it has one. */
export function savedAfterUpdate(
  current: SenderContact,
  sent: ContactFields,
  answer: { name?: string | null; company?: string | null } | undefined,
  now: Date
): SavedContact {
  return {
    contactId: current.contact_id,
    idType: current.id_type,
    name: answer?.name ?? sent.name ?? current.name,
    company: answer?.company ?? sent.company ?? current.company,
    synced_at: now.toISOString(),
    sent: Object.keys(sent),
  }
}
