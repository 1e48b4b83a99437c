import { checkContactUpdate } from "../contract"
import { apiError, violationsError } from "../http/errors"
import { parseJson } from "../http/io"
import type { Handler } from "../http/router"

/**
 * Doc 3: PATCH /api/v1/contact/{contactId}[?idType=]. Only supplied fields change. A name
 * another contact of the account already has is a duplicate contact (doc 3's example of a 400).
 * idType, when given, must be the contact's.
 */
export const updateContact: Handler = ({
  world,
  account,
  params,
  query,
  body,
}) => {
  const contact = world.store.contact(account.apiKey, params.contactId!)
  const idType = query.get("idType")
  if (!contact || (idType !== null && idType !== contact.idType)) {
    throw apiError(
      404,
      "CONTACT_NOT_FOUND",
      `no contact ${params.contactId}${idType !== null ? ` with idType ${idType}` : ""}`,
      ["contactId"]
    )
  }
  const result = checkContactUpdate(parseJson(body) ?? {})
  if (!result.ok) throw violationsError(result.violations)
  const update = result.value
  if (update.name !== undefined) {
    const clash = world.store
      .contactsOf(account.apiKey)
      .find((c) => c.contactId !== contact.contactId && c.name === update.name)
    if (clash)
      throw apiError(
        400,
        "DUPLICATE_CONTACT",
        `a contact named ${JSON.stringify(update.name)} already exists (${clash.contactId})`,
        ["name"],
        "doc 3, Errors"
      )
    contact.name = update.name
  }
  if (update.company !== undefined) contact.company = update.company
  contact.updatedAt = new Date(world.clock.now()).toISOString()
  world.saver.touch()
  const { apiKey: _owner, ...out } = contact
  return { status: 200, body: out }
}
