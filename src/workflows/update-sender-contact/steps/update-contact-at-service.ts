import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  CONTACT_SETTING_KEY,
  contactChanges,
  currentContact,
  type ContactFields,
  type SenderContact,
} from "../../../lib/contact/changes"
import { contactError, ContactUpdateError } from "../../../lib/contact/errors"
import { pluginClient } from "../../../lib/plugin-client"
import { readSetting } from "../../../modules/shipping-services/settings"
import { shippingOf } from "../../../modules/shipping-services"

export type ContactAtService = {
  current: SenderContact
  /** Only those that differ; empty: nothing sent. */
  sent: ContactFields
  answer: { name?: string | null; company?: string | null } | null
}

/** The previous value of each sent field that had one. Pure. */
export function contactRevert(
  current: Pick<SenderContact, "name" | "company">,
  sent: ContactFields
): ContactFields {
  const out: ContactFields = {}
  for (const field of ["name", "company"] as const) {
    if (sent[field] !== undefined && current[field])
      out[field] = current[field] as string
  }
  return out
}

export const updateContactAtServiceStepId =
  "shipping-services-update-contact-at-service"
/** Compensation sends previous values back, best effort: an empty field cannot be cleared, and failures are logged. */
export const updateContactAtServiceStep = createStep(
  updateContactAtServiceStepId,
  async (input: { requested: ContactFields }, { container }) => {
    const shipping = shippingOf(container)
    const options = shipping.getOptions()
    const current = currentContact(
      options.contact,
      await readSetting(shipping, CONTACT_SETTING_KEY)
    )
    if (!current) {
      throw new ContactUpdateError(
        "No sender contact is configured: set contact.contactId in the plugin's options",
        400,
        "not_configured"
      )
    }
    const sent = contactChanges(current, input.requested)
    if (!Object.keys(sent).length)
      return new StepResponse<ContactAtService>({ current, sent, answer: null })
    let answer
    try {
      answer = await pluginClient(
        options,
        container.resolve(ContainerRegistrationKeys.LOGGER)
      ).updateContact(
        current.contact_id,
        sent,
        current.id_type ? { idType: current.id_type } : {}
      )
    } catch (error) {
      throw contactError(error, current)
    }
    return new StepResponse<ContactAtService, ContactAtService>(
      { current, sent, answer: answer ?? null },
      { current, sent, answer: null }
    )
  },
  async (done, { container }) => {
    if (!done) return
    const revert = contactRevert(done.current, done.sent)
    if (!Object.keys(revert).length) return
    const shipping = shippingOf(container)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    try {
      await pluginClient(shipping.getOptions(), logger).updateContact(
        done.current.contact_id,
        revert,
        done.current.id_type ? { idType: done.current.id_type } : {}
      )
    } catch (error) {
      logger.warn(
        `shipping-services: the sender contact ${done.current.contact_id} could not be set back (${Object.keys(revert).join(", ")}): ${(error as Error).message}`
      )
    }
  }
)
