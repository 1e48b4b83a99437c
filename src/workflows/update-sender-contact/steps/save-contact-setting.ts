import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CONTACT_SETTING_KEY, savedAfterUpdate, type SavedContact } from "../../../lib/contact/changes"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import { deleteSetting, readSetting, writeSetting } from "../../../modules/shipping-services/settings"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import type { ContactAtService } from "./update-contact-at-service"

type Settings = Parameters<typeof readSetting>[0]

/** A setting's value before a step wrote it (`undefined`: there was none). */
export type PreviousSetting = { key: string; value: Record<string, unknown> | undefined }

/** Writes a setting and returns its previous value, for compensation. */
export async function writeSettingKeepingPrevious(settings: Settings, key: string, value: Record<string, unknown>): Promise<PreviousSetting> {
  const previous = await readSetting<Record<string, unknown>>(settings, key)
  await writeSetting(settings, key, value)
  return { key, value: previous }
}

/** Compensation: the setting as it was (deleted when there was none). */
export async function restoreSetting(settings: Settings, previous: PreviousSetting | null | undefined): Promise<void> {
  if (!previous) return
  if (previous.value === undefined) await deleteSetting(settings, previous.key)
  else await writeSetting(settings, previous.key, previous.value)
}

/** Saves what the service answered as the contact setting; compensation restores the previous setting. */
export const saveContactSettingStep = createStep(
  "shipping-services-save-contact-setting",
  async (input: { update: ContactAtService; reason: string }, { container }) => {
    const { current, sent, answer } = input.update
    if (!Object.keys(sent).length) return new StepResponse<SavedContact | null, PreviousSetting | null>(null, null)
    const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
    const saved = savedAfterUpdate(current, sent, answer ?? undefined, new Date())
    const previous = await writeSettingKeepingPrevious(shipping, CONTACT_SETTING_KEY, saved as unknown as Record<string, unknown>)
    container.resolve(ContainerRegistrationKeys.LOGGER).info(`shipping-services: sender contact ${current.contact_id} updated (${Object.keys(sent).join(", ")}; ${input.reason})`)
    return new StepResponse<SavedContact | null, PreviousSetting | null>(saved, previous)
  },
  async (previous, { container }) => {
    await restoreSetting(container.resolve(SHIPPING_SERVICES_MODULE), previous)
  }
)
