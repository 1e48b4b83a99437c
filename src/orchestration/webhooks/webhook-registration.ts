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
import {
  deleteLocalRegistrations,
  deleteOurWebhookConfigs,
  markWebhooksRemoved,
  type RemovalReport,
} from "../../modules/shipping-services/webhook-registration/removal"
import { reconcileLocked } from "../../modules/shipping-services/webhook-registration/reconcile"
import {
  recordRun,
  WEBHOOKS_LAST_RUN_SETTING,
  WEBHOOKS_REMOVED_SETTING,
  WebhookRegistrationError,
  type EnsureOptions,
  type LastRun,
  type ReconcileOutcome,
  type RegistrationDeps,
} from "../../modules/shipping-services/webhook-registration/records"
import { rotateKeysLocked } from "../../modules/shipping-services/webhook-registration/keys"
import type {
  PublicRegistration,
  RegistrationBlocker,
} from "../../lib/webhooks/desired"
import { shippingOf } from "../../modules/shipping-services"

/**
 * Webhook registration (doc 1) for this store: exactly one configuration per wanted type at the
 * service, matching the options, with our key; the stored WebhookRegistration row remembers its
 * id, the key (and the previous one during a rotation's grace period), and how the last sync went.
 *
 * Runs at install (migration script), at every boot (the module's onApplicationStart), every
 * 15 minutes (job heal-webhook-registrations), and from the admin (re-register, rotate-key). All
 * of them go through one lock of Medusa's Locking Module and read everything again inside it,
 * so instances starting together create one configuration, not several; with the default
 * in-memory locking provider the lock only covers one process, so separate instances need a
 * shared provider (Redis or PostgreSQL) — and even without one, the next run deletes any extra
 * copy (planReconcile keeps the known id and removes the others).
 *
 * The keys are never logged, returned or put in an error: only the client sees them, and it
 * scrubs them from anything it reports.
 */

export const WEBHOOK_LOCK_KEY = "shipping-services:webhook-registration"

export function registrationDeps(container: MedusaContainer): RegistrationDeps {
  return {
    shipping: shippingOf(container),
    logger: container.resolve(ContainerRegistrationKeys.LOGGER),
    locking: container.resolve(Modules.LOCKING, { allowUnregistered: true }) as
      LockingLike | undefined,
  }
}

/** Runs `job` under the registration lock; `busy` when another run holds it past `timeoutSeconds`. */
const withRegistrationLock = <T>(
  deps: RegistrationDeps,
  timeoutSeconds: number,
  job: () => Promise<T>
): Promise<T | "busy"> =>
  withLock(deps.locking, WEBHOOK_LOCK_KEY, job, {
    timeout: timeoutSeconds,
    expire: 300,
    whenHeld: "busy",
  })

/** Reconciles the registrations with the service (see the file comment). Never throws for a service failure: see `ok`. */
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

const busyOutcome = (reason: string): ReconcileOutcome => ({
  reason,
  ok: true,
  skipped: {
    code: "busy",
    message: "another registration run holds the lock; it does the work",
  },
  results: [],
})

export async function reconcileWebhooks(
  deps: RegistrationDeps,
  options: EnsureOptions
): Promise<ReconcileOutcome> {
  const result = await withRegistrationLock(
    deps,
    options.lockTimeoutSeconds ?? 60,
    async () => {
      const outcome = await reconcileLocked(deps, options)
      await recordRun(deps, outcome)
      return outcome
    }
  )
  return result === "busy" ? busyOutcome(options.reason) : result
}

/**
 * A new key per registration: the current key becomes the previous one (still accepted for
 * PREVIOUS_KEY_GRACE_MS, so deliveries already on their way and other instances' caches are
 * fine), the new key is stored first and then PUT at the service. If the PUT fails the row keeps
 * the new key and the next run sends it; the service's old key is accepted meanwhile.
 */
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

export async function rotateWebhookKeysWith(
  deps: RegistrationDeps,
  types?: WebhookType[]
): Promise<{ rotated: WebhookType[]; outcome: ReconcileOutcome }> {
  const result = await withRegistrationLock(deps, 60, async () => {
    const { rotated } = await rotateKeysLocked(deps, types)
    const outcome = await reconcileLocked(deps, { reason: "rotate-key" })
    await recordRun(deps, outcome)
    return { rotated, outcome }
  })
  if (result === "busy")
    throw new WebhookRegistrationError(
      "another registration run holds the lock; try again in a minute",
      "busy"
    )
  return result
}

/**
 * Uninstall: deletes our configurations at the service (the known ids, and any configuration
 * with our name and one of our URLs) and the local rows, and records that webhooks were removed
 * so that no boot or job registers them again (an admin's re-register clears that).
 */
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

/** The same pieces with stand-ins for the module and the client (unit tests). */
export async function removeWebhookRegistrationsWith(
  deps: RegistrationDeps
): Promise<RemovalReport> {
  return removeUnderLock(deps, async () => {
    await markWebhooksRemoved(deps.shipping, deps.now?.() ?? new Date())
    const deleted = await deleteOurWebhookConfigs(deps)
    return { deleted, rows: await deleteLocalRegistrations(deps.shipping) }
  })
}

async function removeUnderLock(
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
  /** Why nothing is registered, when so. */
  blocked: RegistrationBlocker | null
  warnings: string[]
  removed_at: string | null
  /** The outcome of the last registration run (install, boot, job, admin). */
  last_run: LastRun | null
  registrations: PublicRegistration[]
}

/** What the admin sees: per type, never a key. */
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
