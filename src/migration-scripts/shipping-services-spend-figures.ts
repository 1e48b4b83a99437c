import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { refreshOrderSpend } from "../modules/shipping-services/spend-report"

/** Computes stored spend figures once at upgrade so the first report skips the whole history; best effort. */
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
