import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { refreshOrderSpend } from "../modules/shipping-services/spend-report"

/**
 * The spend report's stored figures, computed once at the upgrade that introduced them: the
 * migration marks every labelled order, and `medusa db:migrate` runs this after every module's
 * migrations (Medusa's order tables are there), so that the first report does not compute a
 * store's whole history. Best effort: if it fails, the first report computes what is left.
 */
export default async function computeShippingSpendFigures({
  container,
}: {
  container: MedusaContainer
}) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const started = Date.now()
  try {
    await refreshOrderSpend(
      container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    )
    logger.info(
      `shipping-services: spend report figures computed in ${Date.now() - started} ms`
    )
  } catch (error) {
    logger.warn(
      `shipping-services: spend report figures not computed at the upgrade (${error instanceof Error ? error.message : String(error)}); the first report computes them`
    )
  }
}
