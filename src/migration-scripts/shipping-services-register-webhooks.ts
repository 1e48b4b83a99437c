import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ensureWebhookRegistrations } from "../orchestration/webhooks/webhook-registration"

/**
 * Install-time webhook registration: `medusa db:migrate` runs every plugin's migration scripts once
 * per database. Best effort (a service down must not fail the migration): every boot and the
 * heal job reconcile again. The name carries the plugin's: Medusa records scripts by file name.
 */
/** What each reconciliation did, as a merchant reads it ("tracking: none" read as a failure). */
const ACTION_WORDS: Record<"create" | "update" | "none" | "delete", string> = {
  create: "registered",
  update: "updated to match the options",
  none: "already registered as configured",
  delete: "removed",
}

export default async function registerShippingServicesWebhooks({
  container,
}: {
  container: MedusaContainer
}) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const outcome = await ensureWebhookRegistrations(container, {
      reason: "install",
      lockTimeoutSeconds: 60,
    })
    if (outcome.skipped) {
      logger.warn(
        `shipping-services: webhook registration at install skipped: ${outcome.skipped.message}`
      )
    } else if (!outcome.ok) {
      logger.warn(
        `shipping-services: webhook registration at install failed (${outcome.error?.message}); it is retried at every start and every 15 minutes`
      )
    } else {
      logger.info(
        `shipping-services: webhooks at install: ${outcome.results.map((r) => `${r.type} ${ACTION_WORDS[r.action]}`).join(", ")}`
      )
    }
  } catch (error) {
    logger.warn(
      `shipping-services: webhook registration at install failed: ${error instanceof Error ? error.message : String(error)}; retried at every start and every 15 minutes`
    )
  }
}
