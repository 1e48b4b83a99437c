import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  CONTACT_SETTING_KEY,
  savedAfterUpdate,
  type SavedContact,
} from "../../../lib/contact/changes"
import {
  restoreSetting,
  writeSettingKeepingPrevious,
  type PreviousSetting,
} from "../../../modules/shipping-services/settings"
import type { ContactAtService } from "./update-contact-at-service"
import { shippingOf } from "../../../modules/shipping-services"

export const saveContactSettingStepId = "shipping-services-save-contact-setting"
/** Compensation restores the previous setting. */
export const saveContactSettingStep = createStep(
  saveContactSettingStepId,
  async (
    input: { update: ContactAtService; reason: string },
    { container }
  ) => {
    const { current, sent, answer } = input.update
    if (!Object.keys(sent).length)
      return new StepResponse<SavedContact | null, PreviousSetting | null>(
        null,
        null
      )
    const shipping = shippingOf(container)
    const saved = savedAfterUpdate(
      current,
      sent,
      answer ?? undefined,
      new Date()
    )
    const previous = await writeSettingKeepingPrevious(
      shipping,
      CONTACT_SETTING_KEY,
      saved as unknown as Record<string, unknown>
    )
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(
        `shipping-services: sender contact ${current.contact_id} updated (${Object.keys(sent).join(", ")}; ${input.reason})`
      )
    return new StepResponse<SavedContact | null, PreviousSetting | null>(
      saved,
      previous
    )
  },
  async (previous, { container }) => {
    await restoreSetting(shippingOf(container), previous)
  }
)
