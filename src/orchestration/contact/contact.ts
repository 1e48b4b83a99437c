import type { LockingLike } from "../../lib/locking"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  CONTACT_SETTING_KEY,
  companyFollowsStore,
  currentContact,
  type ContactFields,
  type SenderContact,
} from "../../lib/contact/changes"
import { contactUpdateErrorFrom } from "../../lib/contact/errors"
import { messageOf } from "../../lib/errors"
import { readSetting } from "../../modules/shipping-services/settings"
import { updateSenderContactWorkflow } from "../../workflows/update-sender-contact"
import { shippingOf } from "../../modules/shipping-services"

/**
 * The sender contact at the service (doc 3, PATCH {contact_url}/api/v1/contact/{contactId}).
 * An update sends only the fields that differ from what was last saved (the Setting row
 * `contact`, or options.contact before the first update), and saves the answer. Updates are
 * serialised by a lock so that two admins (or an admin and a store rename) never compute their
 * differences from the same old state.
 */

export const CONTACT_LOCK_KEY = "shipping-services:contact"

export { ContactUpdateError, contactError } from "../../lib/contact/errors"

export async function getSenderContact(
  container: MedusaContainer
): Promise<SenderContact | undefined> {
  const shipping = shippingOf(container)
  return currentContact(
    shipping.getOptions().contact,
    await readSetting(shipping, CONTACT_SETTING_KEY)
  )
}

export type ContactUpdateResult = {
  contact: SenderContact
  sent: ContactFields
  changed: boolean
}

/** Runs updateSenderContactWorkflow under the contact lock. */
export async function updateSenderContact(
  container: MedusaContainer,
  requested: ContactFields,
  reason = "admin"
): Promise<ContactUpdateResult> {
  const locking = container.resolve(Modules.LOCKING, {
    allowUnregistered: true,
  }) as LockingLike | undefined
  const run = async (): Promise<ContactUpdateResult> => {
    let result
    try {
      ;({ result } = await updateSenderContactWorkflow(container).run({
        input: { requested, reason },
      }))
    } catch (error) {
      throw (
        contactUpdateErrorFrom(error) ??
        (error instanceof Error ? error : new Error(messageOf(error)))
      )
    }
    const shipping = shippingOf(container)
    const contact = currentContact(
      shipping.getOptions().contact,
      await readSetting(shipping, CONTACT_SETTING_KEY)
    )!
    return { contact, sent: result.sent, changed: !!result.saved }
  }
  return locking
    ? locking.execute(CONTACT_LOCK_KEY, run, { timeout: 30 })
    : run()
}

/**
 * After the store was updated: when the company follows the store's name (options.contact.company
 * not set), a new store name becomes the sender company at the service. Returns undefined when
 * nothing was to be done.
 */
export async function followStoreName(
  container: MedusaContainer,
  storeId: string
): Promise<ContactUpdateResult | undefined> {
  const shipping = shippingOf(container)
  if (!companyFollowsStore(shipping.getOptions().contact)) return undefined
  const [store] = await container
    .resolve(Modules.STORE)
    .listStores({ id: storeId }, { select: ["id", "name"] })
  const name = store?.name?.trim()
  if (!name) return undefined
  return updateSenderContact(container, { company: name }, "store renamed")
}
