import { newWebhookKey } from "../../../lib/webhooks/auth"
import { registrationBlocker } from "../../../lib/webhooks/desired"
import { PREVIOUS_KEY_GRACE_MS } from "../service"
import type ShippingServicesModuleService from "../service"
import { readSetting } from "../settings"
import type { WebhookType } from "../../../shipping-api/constants"
import {
  RegistrationDeps,
  WEBHOOKS_REMOVED_SETTING,
  WebhookRegistrationError,
} from "./records"

export type RotatedKeys = {
  id: string
  api_key: string
  previous_api_key: string | null
  key_rotated_at: Date | null
}[]

/**
 * A new key per registration (of `types`, default every registered type): the current key
 * becomes the previous one (still accepted for PREVIOUS_KEY_GRACE_MS), the new key is stored.
 * Refused, in words, when webhooks are blocked or removed or nothing is registered. Returns the
 * rotated types and the keys before, for compensation.
 */
export async function rotateKeysLocked(
  deps: RegistrationDeps,
  types?: WebhookType[]
): Promise<{ rotated: WebhookType[]; before: RotatedKeys }> {
  const webhook = deps.shipping.getOptions().webhook
  const blocker = registrationBlocker(webhook)
  if (blocker) throw new WebhookRegistrationError(blocker.message, "blocked")
  if (await readSetting(deps.shipping, WEBHOOKS_REMOVED_SETTING)) {
    throw new WebhookRegistrationError(
      "webhooks were removed by the remove-webhooks script: re-register them first",
      "removed"
    )
  }
  const rows = (await deps.shipping.listWebhookRegistrations({})).filter(
    (r) => !types?.length || types.includes(r.type as WebhookType)
  )
  if (!rows.length) {
    throw new WebhookRegistrationError(
      `no ${types?.join(" or ") ?? ""} webhook is registered yet: re-register first`.replace(
        "  ",
        " "
      ),
      "not-registered"
    )
  }
  const now = deps.now?.() ?? new Date()
  const before: RotatedKeys = rows.map((r) => ({
    id: r.id,
    api_key: r.api_key,
    previous_api_key: r.previous_api_key ?? null,
    key_rotated_at: r.key_rotated_at ?? null,
  }))
  await deps.shipping.updateWebhookRegistrations(
    rows.map((r) => ({
      id: r.id,
      previous_api_key: r.api_key,
      api_key: newWebhookKey(),
      key_rotated_at: now,
    }))
  )
  deps.shipping.keys().forget()
  deps.logger.info(
    `shipping-services: webhook key rotated for ${rows.map((r) => r.type).join(", ")}; the previous key is accepted for ${PREVIOUS_KEY_GRACE_MS / 3_600_000} h`
  )
  return { rotated: rows.map((r) => r.type as WebhookType), before }
}

/** Compensation of a rotation: the keys as they were. */
export async function restoreKeys(
  shipping: Pick<
    ShippingServicesModuleService,
    "updateWebhookRegistrations" | "keys"
  >,
  before: RotatedKeys | undefined
): Promise<void> {
  if (!before?.length) return
  await shipping.updateWebhookRegistrations(
    before.map((r) => ({ ...r })) as never
  )
  shipping.keys().forget()
}

/** The remove-webhooks script's mark cleared for an admin's re-register (not when webhooks are blocked anyway); returns the mark. */
