import {
  desiredWebhookConfig,
  registrationBlocker,
} from "../../../lib/webhooks/desired"
import {
  isOurs,
  type DesiredWebhookConfig,
} from "../../../lib/webhooks/reconcile"
import { pluginClient } from "../../../lib/plugin-client"
import type ShippingServicesModuleService from "../service"
import {
  deleteSetting,
  readSetting,
  writeSettingKeepingPrevious,
  type PreviousSetting,
} from "../settings"
import { RegistrationDeps, WEBHOOKS_REMOVED_SETTING } from "./records"
import { deleteQuietly } from "./reconcile"

export async function clearRemovedMark(
  shipping: ShippingServicesModuleService
): Promise<Record<string, unknown> | null> {
  if (registrationBlocker(shipping.getOptions().webhook)) return null
  const removed = await readSetting<Record<string, unknown>>(
    shipping,
    WEBHOOKS_REMOVED_SETTING
  )
  if (!removed) return null
  await deleteSetting(shipping, WEBHOOKS_REMOVED_SETTING)
  return removed
}

export type RemovalReport = { deleted: string[]; rows: number }

/**
 * Uninstall, first: the mark that keeps every boot and job from registering again (an admin's
 * re-register clears it). Returns the setting as it was, for compensation.
 */
export async function markWebhooksRemoved(
  shipping: ShippingServicesModuleService,
  now: Date
): Promise<PreviousSetting> {
  return writeSettingKeepingPrevious(shipping, WEBHOOKS_REMOVED_SETTING, {
    at: now.toISOString(),
  })
}

/**
 * Uninstall, then: our configurations deleted at the service (the known ids, and any
 * configuration with our name and one of our URLs). Returns the ids deleted.
 */
export async function deleteOurWebhookConfigs(
  deps: RegistrationDeps
): Promise<string[]> {
  const { shipping, logger } = deps
  const pluginOptions = shipping.getOptions()
  const client = deps.client ?? pluginClient(pluginOptions, logger)
  const rows = await shipping.listWebhookRegistrations({})
  const existing = await client.listWebhookConfigs()
  const webhook = pluginOptions.webhook
  const candidates: DesiredWebhookConfig[] = webhook.publicUrl
    ? (["tracking", "locker"] as const).map((type) =>
        desiredWebhookConfig(
          { ...webhook, publicUrl: webhook.publicUrl! },
          type,
          ""
        )
      )
    : []
  const knownIds = new Set(rows.map((r) => r.config_id).filter(Boolean))
  const ids = existing
    .filter(
      (c) =>
        knownIds.has(c.webHookConfigID) ||
        candidates.some((d) => isOurs(c, d)) ||
        rows.some(
          (r) =>
            c.name === r.name &&
            c.url === r.url &&
            (c.type ?? r.type) === r.type
        )
    )
    .map((c) => c.webHookConfigID)
  for (const id of ids) await deleteQuietly(client, id)
  return ids
}

/** Uninstall, last: the local registrations (and the cached keys). Returns how many. */
export async function deleteLocalRegistrations(
  shipping: ShippingServicesModuleService
): Promise<number> {
  const rows = await shipping.listWebhookRegistrations({}, { select: ["id"] })
  if (rows.length)
    await shipping.deleteWebhookRegistrations(rows.map((r) => r.id))
  shipping.keys().forget()
  return rows.length
}
