import { container } from "@medusajs/framework"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import {
  catalogSourcesOf,
  logCatalogReadiness,
} from "../setup-shipping/readiness"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { messageOf } from "../../lib/errors"
import { inFlight } from "../../lib/in-flight"
import { recoverInterruptedWork } from "../recovery/recovery"
import { publicUrlWarnings } from "../../lib/webhooks/desired"
import { displayUrl } from "../../lib/connection/roots"
import { sandboxInProductionWarning } from "../../lib/connection/sandbox-warning"
import { pluginClient } from "../../lib/plugin-client"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { ensureWebhookRegistrations } from "../webhooks/webhook-registration"
import type { ReconcileOutcome } from "../../modules/shipping-services/webhook-registration/records"

/**
 * Start-up on every instance via the module's `__hooks.onApplicationStart`, the only start hook a 2.21 plugin gets.
 * Medusa awaits it before listening, so work is started, not awaited; failures are stored and retried by a job.
 */

let lastRun: Promise<ReconcileOutcome | undefined> | undefined

/** Tests await it. */
export function lastBootReconcile():
  Promise<ReconcileOutcome | undefined> | undefined {
  return lastRun
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
  // Alone (moduleIntegrationTestRunner) there is no app to register for.
  const app = appContainer()
  if (!app) return
  lastRun = ensureWebhookRegistrations(app, {
    reason: "boot",
    lockTimeoutSeconds: 30,
  })
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

/** Once per process, production only, in the background: a down service never delays the start. */
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

/** Medusa's default: "shared". */
function workerModeOf(app: NonNullable<ReturnType<typeof appContainer>>) {
  return (
    (
      app.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as {
        projectConfig?: { workerMode?: string }
      }
    ).projectConfig?.workerMode ?? "shared"
  )
}

/** Now and once more after a killed predecessor's leases expire; in the background, only where workflows run. */
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

/** In the background, on servers and shared instances only, so a cluster reads its catalog once per server. */
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

/** Absent when this module runs alone in tests. */
function appContainer(): MedusaContainer | undefined {
  try {
    container.resolve(ContainerRegistrationKeys.QUERY)
    return container
  } catch {
    return undefined
  }
}
