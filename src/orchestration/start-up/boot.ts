import { container } from "@medusajs/framework"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { MedusaModule } from "@medusajs/framework/modules-sdk"
import {
  catalogSourcesOf,
  logCatalogReadiness,
} from "../setup-shipping/readiness"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { messageOf } from "../../lib/errors"
import { inFlight } from "../../lib/in-flight"
import { recoverInterruptedWork } from "../recovery/recovery"
import { publicUrlWarnings } from "../../lib/webhooks/desired"
import { displayUrl } from "../../lib/connection/roots"
import { sandboxInProductionWarning } from "../../lib/connection/sandbox-warning"
import { pluginClient } from "../../lib/plugin-client"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { reconcileWebhooks } from "../webhooks/webhook-registration"
import type {
  ReconcileOutcome,
  RegistrationDeps,
} from "../../modules/shipping-services/webhook-registration/records"

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
export function lastBootReconcile():
  Promise<ReconcileOutcome | undefined> | undefined {
  return lastRun
}

function registryModule<T>(key: string): T | undefined {
  const instance = MedusaModule.getModuleInstance(key) as
    Record<string, T> | undefined
  return instance?.[key]
}

export async function onShippingServicesStart(
  shipping: ShippingServicesModuleService,
  logger: Logger
): Promise<void> {
  scheduleBootRecovery(shipping, logger)
  scheduleReadinessLog(logger)
  void warnWhenSandboxInProduction(shipping, logger)
  const webhook = shipping.getOptions().webhook
  for (const warning of publicUrlWarnings(webhook, process.env.NODE_ENV)) {
    logger.warn(`shipping-services: ${warning}`)
  }
  const deps: RegistrationDeps = {
    shipping,
    logger,
    locking: registryModule(Modules.LOCKING),
  }
  if (!deps.locking) {
    // Every Medusa app loads the Locking Module (defineConfig adds it); without it this module
    // runs alone (moduleIntegrationTestRunner): nothing to register for.
    return
  }
  lastRun = reconcileWebhooks(deps, { reason: "boot", lockTimeoutSeconds: 30 })
    .then((outcome) => {
      if (outcome.skipped?.code === "disabled")
        logger.warn(`shipping-services: ${outcome.skipped.message}`)
      if (outcome.skipped?.code === "removed")
        logger.info(`shipping-services: ${outcome.skipped.message}`)
      return outcome
    })
    .catch((error: unknown) => {
      logger.warn(
        `shipping-services: webhook registration at start failed: ${error instanceof Error ? error.message : String(error)}; retried every 15 minutes`
      )
      return undefined
    })
}

/**
 * A production app talking to the sandbox is told so in its log, once per process: one call asks
 * who answers (the sandbox says so on every answer). Only with NODE_ENV=production, so that a
 * development app makes no call for it; in the background, so that a service that is down never
 * delays the start.
 */
async function warnWhenSandboxInProduction(
  shipping: ShippingServicesModuleService,
  logger: Logger
): Promise<void> {
  if (process.env.NODE_ENV !== "production") return
  const options = shipping.getOptions()
  await inFlight(async () => {
    const identity = await pluginClient(options, logger).checkIdentity()
    const warning = sandboxInProductionWarning(
      identity,
      process.env.NODE_ENV,
      displayUrl(options.roots.baseUrl)
    )
    if (warning) logger.warn(`shipping-services: ${warning}`)
  }).catch((error: unknown) =>
    logger.warn(
      `shipping-services: could not ask the service who it is at start: ${messageOf(error)}`
    )
  )
}

/** This instance's `projectConfig.workerMode` (Medusa's default: "shared"). */
function workerModeOf(app: NonNullable<ReturnType<typeof appContainer>>) {
  return (
    (
      app.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as {
        projectConfig?: { workerMode?: string }
      }
    ).projectConfig?.workerMode ?? "shared"
  )
}

/**
 * Settles what this process (before a restart) or another one left interrupted: right away, and
 * once more when the leases of a process killed just before this start have run out
 * (src/orchestration/recovery/recovery.ts). Background work: the start never waits for it. Only where
 * workflows run (worker and shared instances; a `server` instance only serves HTTP).
 */
function scheduleBootRecovery(
  shipping: ShippingServicesModuleService,
  logger: Logger
) {
  const app = appContainer()
  if (!app) return
  const mode = workerModeOf(app)
  if (mode === "server") return
  const run = () =>
    inFlight(() => recoverInterruptedWork(app)).catch((error: unknown) =>
      logger.warn(
        `shipping-services: recovery at start failed (the recovery job retries on recovery.schedule): ${messageOf(error)}`
      )
    )
  void run()
  const again = setTimeout(() => void run(), shipping.leases().leaseMs + 1_000)
  again.unref?.()
}

/**
 * The catalog's readiness (src/orchestration/setup-shipping/readiness.ts) in one log line, in the background:
 * on servers and shared instances (where the admin lists it), never on workers, so a cluster
 * reads its catalog once per server.
 */
function scheduleReadinessLog(logger: Logger) {
  const app = appContainer()
  if (!app) return
  const mode = workerModeOf(app)
  if (mode === "worker") return
  void inFlight(() => logCatalogReadiness(catalogSourcesOf(app))).catch(
    (error: unknown) =>
      logger.warn(
        `shipping-services: the catalog's readiness could not be read at start: ${messageOf(error)}`
      )
  )
}

/**
 * The application's container, once it is loaded: Medusa registers everything into the
 * framework's global container before it calls onApplicationStart. Absent when this module runs
 * alone (moduleIntegrationTestRunner): nothing to recover for.
 */
function appContainer(): MedusaContainer | undefined {
  try {
    container.resolve(ContainerRegistrationKeys.QUERY)
    return container
  } catch {
    return undefined
  }
}
