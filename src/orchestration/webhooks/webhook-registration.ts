import { withLock, type LockingLike } from "../../lib/locking"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  publicRegistration,
  publicUrlWarnings,
  registrationBlocker,
  wantedTypes,
  webhookUrl,
} from "../../lib/webhooks/desired"
import { PREVIOUS_KEY_GRACE_MS } from "../../modules/shipping-services/service"
import type { WebhookType } from "../../shipping-api/constants"
import { readSetting } from "../../modules/shipping-services/settings"
import {
  registerWebhooksWorkflow,
  removeWebhooksWorkflow,
  rotateWebhookKeysWorkflow,
} from "../../workflows/register-webhooks"
import { type RemovalReport } from "../../modules/shipping-services/webhook-registration/removal"
import {
  WEBHOOKS_LAST_RUN_SETTING,
  WEBHOOKS_REMOVED_SETTING,
  WebhookRegistrationError,
  type EnsureOptions,
  type LastRun,
  type ReconcileOutcome,
  type RegistrationDeps,
} from "../../modules/shipping-services/webhook-registration/records"
import type {
  PublicRegistration,
  RegistrationBlocker,
} from "../../lib/webhooks/desired"
import { shippingOf } from "../../modules/shipping-services"

// Every run (install, boot, job, admin) holds one lock and reads everything again inside it, so
// instances starting together create one configuration; keys are never logged or returned.
export const WEBHOOK_LOCK_KEY = "shipping-services:webhook-registration"

export function registrationDeps(container: MedusaContainer): RegistrationDeps {
  return {
    shipping: shippingOf(container),
    logger: container.resolve(ContainerRegistrationKeys.LOGGER),
    locking: container.resolve(Modules.LOCKING, { allowUnregistered: true }) as
      LockingLike | undefined,
  }
}

export const withRegistrationLock = <T>(
  deps: RegistrationDeps,
  timeoutSeconds: number,
  job: () => Promise<T>
): Promise<T | "busy"> =>
  withLock(deps.locking, WEBHOOK_LOCK_KEY, job, {
    timeout: timeoutSeconds,
    expire: 300,
    whenHeld: "busy",
  })

/** Never throws for a service failure: see `ok`. */
export async function ensureWebhookRegistrations(
  container: MedusaContainer,
  options: EnsureOptions
): Promise<ReconcileOutcome> {
  const result = await withRegistrationLock(
    registrationDeps(container),
    options.lockTimeoutSeconds ?? 60,
    async () => {
      const { result } = await registerWebhooksWorkflow(container).run({
        input: { reason: options.reason, force: options.force },
      })
      return result
    }
  )
  return result === "busy" ? busyOutcome(options.reason) : result
}

export const busyOutcome = (reason: string): ReconcileOutcome => ({
  reason,
  ok: true,
  skipped: {
    code: "busy",
    message: "another registration run holds the lock; it does the work",
  },
  results: [],
})

/** The previous key stays accepted for a grace period, for deliveries already on their way. */
export async function rotateWebhookKeys(
  container: MedusaContainer,
  types?: WebhookType[]
): Promise<{ rotated: WebhookType[]; outcome: ReconcileOutcome }> {
  const result = await withRegistrationLock(
    registrationDeps(container),
    60,
    async () => {
      try {
        const { result } = await rotateWebhookKeysWorkflow(container).run({
          input: { types },
        })
        return result
      } catch (error) {
        throw WebhookRegistrationError.from(error) ?? error
      }
    }
  )
  if (result === "busy")
    throw new WebhookRegistrationError(
      "another registration run holds the lock; try again in a minute",
      "busy"
    )
  return result
}

/** Uninstall: recorded so that no boot or job registers them again (an admin's re-register clears it). */
export async function removeWebhookRegistrations(
  container: MedusaContainer
): Promise<RemovalReport> {
  const deps = registrationDeps(container)
  return removeUnderLock(deps, async () => {
    const { result } = await removeWebhooksWorkflow(container).run({
      input: { at: new Date() },
    })
    return result
  })
}

export async function removeUnderLock(
  deps: RegistrationDeps,
  remove: () => Promise<RemovalReport>
): Promise<RemovalReport> {
  const result = await withRegistrationLock(deps, 120, async () => {
    const report = await remove()
    deps.logger.info(
      `shipping-services: removed ${report.deleted.length} webhook configuration(s) at the service and ${report.rows} local registration(s)`
    )
    return report
  })
  if (result === "busy")
    throw new WebhookRegistrationError(
      "another registration run holds the lock; try again in a minute",
      "busy"
    )
  return result
}

export type WebhookStatus = {
  enabled: boolean
  public_url: string | null
  lockers: boolean
  wanted_types: WebhookType[]
  blocked: RegistrationBlocker | null
  warnings: string[]
  removed_at: string | null
  last_run: LastRun | null
  registrations: PublicRegistration[]
}

/** Never a key. */
export async function webhookRegistrationStatus(
  container: MedusaContainer
): Promise<WebhookStatus> {
  const shipping = shippingOf(container)
  const webhook = shipping.getOptions().webhook
  const rows = await shipping.listWebhookRegistrations(
    {},
    { order: { type: "DESC" } }
  )
  const removed = await readSetting<{ at?: string }>(
    shipping,
    WEBHOOKS_REMOVED_SETTING
  )
  return {
    enabled: webhook.enabled,
    public_url: webhook.publicUrl ?? null,
    lockers: webhook.lockers,
    wanted_types:
      webhook.enabled && webhook.publicUrl ? wantedTypes(webhook) : [],
    blocked: registrationBlocker(webhook) ?? null,
    warnings: publicUrlWarnings(webhook, process.env.NODE_ENV),
    removed_at: removed?.at ?? null,
    last_run:
      (await readSetting<LastRun>(shipping, WEBHOOKS_LAST_RUN_SETTING)) ?? null,
    registrations: rows.map((r) =>
      publicRegistration(r, PREVIOUS_KEY_GRACE_MS)
    ),
  }
}

export { webhookUrl }
