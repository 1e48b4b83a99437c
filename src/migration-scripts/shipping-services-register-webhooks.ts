import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ensureWebhookRegistrations } from "../orchestration/webhooks/webhook-registration"

/**
 * Install-time webhook registration. `medusa db:migrate` runs the migration scripts of the app
 * and of every plugin (`<plugin>/.medusa/server/src/migration-scripts`, @medusajs/medusa
 * commands/db/run-scripts) once per database, after the migrations, with the application loaded.
 *
 * Best effort: a service that is down or a missing webhook.publicUrl must not fail the
 * migration. The outcome is logged and stored on the registration row; every boot and the job
 * heal-webhook-registrations (every 15 minutes) reconcile again, so a failure here only delays
 * the registration. The file name carries the plugin's name because Medusa records scripts by
 * file name, across plugins.
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
