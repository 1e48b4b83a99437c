import { reconcileLocked } from "../../../modules/shipping-services/webhook-registration/reconcile"
import { rotateKeysLocked } from "../../../modules/shipping-services/webhook-registration/keys"
import {
  deleteLocalRegistrations,
  deleteOurWebhookConfigs,
  markWebhooksRemoved,
} from "../../../modules/shipping-services/webhook-registration/removal"
import {
  recordRun,
  WebhookRegistrationError,
  type EnsureOptions,
  type RegistrationDeps,
} from "../../../modules/shipping-services/webhook-registration/records"
import {
  busyOutcome,
  removeUnderLock,
  withRegistrationLock,
} from "../webhook-registration"

// The workflows' steps under the registration lock, with stand-ins for the module and the client.
export async function reconcileWebhooks(
  deps: RegistrationDeps,
  options: EnsureOptions
) {
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

export async function rotateWebhookKeysWith(deps: RegistrationDeps) {
  const result = await withRegistrationLock(deps, 60, async () => {
    const { rotated } = await rotateKeysLocked(deps)
    const outcome = await reconcileLocked(deps, { reason: "rotate-key" })
    await recordRun(deps, outcome)
    return { rotated, outcome }
  })
  if (result === "busy") throw new WebhookRegistrationError("lock held", "busy")
  return result
}

export const removeWebhookRegistrationsWith = (deps: RegistrationDeps) =>
  removeUnderLock(deps, async () => {
    await markWebhooksRemoved(deps.shipping, deps.now?.() ?? new Date())
    const deleted = await deleteOurWebhookConfigs(deps)
    return { deleted, rows: await deleteLocalRegistrations(deps.shipping) }
  })
