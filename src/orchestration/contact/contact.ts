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

/** Serialises contact updates so two admins (or a store rename) never diff from the same old state. */

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

/** When the company follows the store name, a renamed store renames the sender company; undefined when nothing to do. */
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
