import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  CONTACT_SETTING_KEY,
  companyFollowsStore,
  contactChanges,
  currentContact,
  savedAfterUpdate,
  type ContactFields,
  type SenderContact,
} from "../lib/contact/changes"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { pluginClient } from "./client"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type { ShippingClient } from "../shipping-api/client"
import { ShippingApiError, ShippingBadRequestError, ShippingNotFoundError, ShippingValidationError } from "../shipping-api/errors"
import { readSetting, writeSetting } from "./plugin-settings"

/**
 * The sender contact at the service (doc 3, PATCH {contact_url}/api/v1/contact/{contactId}).
 * An update sends only the fields that differ from what was last saved (the Setting row
 * `contact`, or options.contact before the first update), and saves the answer. Updates are
 * serialised by a lock so that two admins (or an admin and a store rename) never compute their
 * differences from the same old state.
 */

export const CONTACT_LOCK_KEY = "shipping-services:contact"

/** A failure worded for the admin; `status` is what the admin route answers. */
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

type Locking = {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number; expire?: number }): Promise<T>
}

export type ContactDeps = { shipping: ShippingServicesModuleService; logger: Logger; locking?: Locking; client?: ShippingClient; now?: () => Date }

export function contactDeps(container: MedusaContainer): ContactDeps {
  return {
    shipping: container.resolve(SHIPPING_SERVICES_MODULE),
    logger: container.resolve(ContainerRegistrationKeys.LOGGER),
    locking: container.resolve(Modules.LOCKING, { allowUnregistered: true }) as Locking | undefined,
  }
}

export async function getSenderContact(container: MedusaContainer): Promise<SenderContact | undefined> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  return currentContact(shipping.getOptions().contact, await readSetting(shipping, CONTACT_SETTING_KEY))
}

export type ContactUpdateResult = { contact: SenderContact; sent: ContactFields; changed: boolean }

export async function updateSenderContact(container: MedusaContainer, requested: ContactFields, reason = "admin"): Promise<ContactUpdateResult> {
  return updateSenderContactWith(contactDeps(container), requested, reason)
}

export async function updateSenderContactWith(deps: ContactDeps, requested: ContactFields, reason = "admin"): Promise<ContactUpdateResult> {
  const run = () => updateLocked(deps, requested, reason)
  return deps.locking ? deps.locking.execute(CONTACT_LOCK_KEY, run, { timeout: 30 }) : run()
}

async function updateLocked(deps: ContactDeps, requested: ContactFields, reason: string): Promise<ContactUpdateResult> {
  const { shipping, logger } = deps
  const options = shipping.getOptions()
  const current = currentContact(options.contact, await readSetting(shipping, CONTACT_SETTING_KEY))
  if (!current) {
    throw new ContactUpdateError("No sender contact is configured: set contact.contactId in the plugin's options", 400, "not_configured")
  }
  const changes = contactChanges(current, requested)
  if (!Object.keys(changes).length) return { contact: current, sent: {}, changed: false }
  const client = deps.client ?? pluginClient(options, logger)
  let answer: { name?: string | null; company?: string | null } | undefined
  try {
    answer = await client.updateContact(current.contact_id, changes, current.id_type ? { idType: current.id_type } : {})
  } catch (error) {
    throw contactError(error, current)
  }
  const saved = savedAfterUpdate(current, changes, answer, deps.now?.() ?? new Date())
  await writeSetting(shipping, CONTACT_SETTING_KEY, saved as unknown as Record<string, unknown>)
  logger.info(`shipping-services: sender contact ${current.contact_id} updated (${Object.keys(changes).join(", ")}; ${reason})`)
  return { contact: currentContact(options.contact, saved)!, sent: changes, changed: true }
}

/** The service's refusal in words an admin can act on. */
export function contactError(error: unknown, contact: Pick<SenderContact, "contact_id" | "id_type">): ContactUpdateError {
  const detail = error instanceof ShippingApiError && error.messages.length ? error.messages.join("; ") : error instanceof Error ? error.message : String(error)
  if (error instanceof ShippingValidationError) {
    return new ContactUpdateError(`The contact update breaks a rule of the service: ${detail}`, 400, "validation_error")
  }
  if (error instanceof ShippingNotFoundError) {
    return new ContactUpdateError(
      `The shipping service has no contact ${contact.contact_id}${contact.id_type ? ` with idType ${contact.id_type}` : ""}: check contact.contactId${contact.id_type ? " and contact.idType" : ""} in the plugin's options (${detail})`,
      404,
      "not_found"
    )
  }
  if (error instanceof ShippingBadRequestError) {
    return new ContactUpdateError(`The shipping service refused the contact update: ${detail}`, 400, error.codes[0] ?? "validation_error")
  }
  return new ContactUpdateError(`The shipping service could not update the contact: ${detail}`, 502, "service_error")
}

/**
 * After the store was updated: when the company follows the store's name (options.contact.company
 * not set), a new store name becomes the sender company at the service. Returns undefined when
 * nothing was to be done.
 */
export async function followStoreName(container: MedusaContainer, storeId: string): Promise<ContactUpdateResult | undefined> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  if (!companyFollowsStore(shipping.getOptions().contact)) return undefined
  const [store] = await container.resolve(Modules.STORE).listStores({ id: storeId }, { select: ["id", "name"] })
  const name = store?.name?.trim()
  if (!name) return undefined
  return updateSenderContact(container, { company: name }, "store renamed")
}
