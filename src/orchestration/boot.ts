import type { Logger } from "@medusajs/framework/types"
import { MedusaModule } from "@medusajs/framework/modules-sdk"
import { Modules } from "@medusajs/framework/utils"
import { publicUrlWarnings } from "../lib/webhooks/desired"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { reconcileWebhooks, type ReconcileOutcome, type RegistrationDeps } from "./webhook-registration"

/**
 * What the plugin does when the application starts, on every instance: warn about the public
 * URL, then reconcile the webhook registration with the service to heal drift (a configuration
 * changed or deleted at the service, a new key, a changed public URL).
 *
 * The hook is the plugin module's `__hooks.onApplicationStart`, which Medusa calls once every
 * module is loaded (MedusaModule.onApplicationStart, @medusajs/modules-sdk). It is the only
 * start-up hook a plugin gets in 2.21 (plugins have no loaders of their own; module loaders run
 * before other modules exist; jobs wait for their first tick and only run on workers).
 *
 * Medusa awaits the hook before the HTTP server listens, so the work is started and not
 * awaited: a service that is slow or down never delays or stops the store's start. A failure is
 * logged and stored on the registration row; the job heal-webhook-registrations retries every
 * 15 minutes.
 *
 * The module's own container holds neither the Locking Module nor other modules; the module
 * registry (MedusaModule.getModuleInstance) does, once the application is loaded — the same way
 * the provider reaches this module (src/providers/shipping-services/ports.ts). The lock is what
 * keeps instances starting together from registering twice.
 */

let lastRun: Promise<ReconcileOutcome | undefined> | undefined

/** The boot reconcile started last in this process (tests await it). */
export function lastBootReconcile(): Promise<ReconcileOutcome | undefined> | undefined {
  return lastRun
}

function registryModule<T>(key: string): T | undefined {
  const instance = MedusaModule.getModuleInstance(key) as Record<string, T> | undefined
  return instance?.[key]
}

export async function onShippingServicesStart(shipping: ShippingServicesModuleService, logger: Logger): Promise<void> {
  const webhook = shipping.getOptions().webhook
  for (const warning of publicUrlWarnings(webhook, process.env.NODE_ENV)) {
    logger.warn(`shipping-services: ${warning}`)
  }
  const deps: RegistrationDeps = { shipping, logger, locking: registryModule(Modules.LOCKING) }
  if (!deps.locking) {
    // Every Medusa app loads the Locking Module (defineConfig adds it); without it this module
    // runs alone (moduleIntegrationTestRunner): nothing to register for.
    return
  }
  lastRun = reconcileWebhooks(deps, { reason: "boot", lockTimeoutSeconds: 30 })
    .then((outcome) => {
      if (outcome.skipped?.code === "disabled") logger.warn(`shipping-services: ${outcome.skipped.message}`)
      if (outcome.skipped?.code === "removed") logger.info(`shipping-services: ${outcome.skipped.message}`)
      return outcome
    })
    .catch((error: unknown) => {
      logger.warn(
        `shipping-services: webhook registration at start failed: ${error instanceof Error ? error.message : String(error)}; retried every 15 minutes`
      )
      return undefined
    })
}
