import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { removeWebhookRegistrations } from "../orchestration/webhooks/webhook-registration"

/**
 * Uninstall step: deletes this store's webhook configurations at the service and the local
 * registrations, and records the removal so that no start or job registers them again (the
 * admin's "re-register" undoes it). Run it in the merchant's app before removing the plugin:
 *
 *   npx medusa exec ./node_modules/medusa-plugin-shipping-services/.medusa/server/src/scripts/remove-webhooks.js
 *
 * (in this repository: `npx medusa exec ./src/scripts/remove-webhooks.ts`). Exits non-zero when
 * the service could not be reached; running it again is harmless.
 */
export default async function removeWebhooks({
  container,
}: {
  container: MedusaContainer
  args?: string[]
}) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const report = await removeWebhookRegistrations(container)
  logger.info(
    `shipping-services: ${report.deleted.length} webhook configuration(s) deleted at the service${report.deleted.length ? ` (${report.deleted.join(", ")})` : ""}, ${report.rows} local registration(s) removed`
  )
}
