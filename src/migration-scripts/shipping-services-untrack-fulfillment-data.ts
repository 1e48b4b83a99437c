import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** Earlier versions kept tracking numbers in `fulfillment.data`, which the store API answers to anyone with the order id. */
export default async function untrackFulfillmentData({
  container,
}: {
  container: MedusaContainer
}) {
  const pg = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const { rowCount } = await pg.raw(
    `update fulfillment
        set data = jsonb_set(data, '{shipping_services}',
                             (data->'shipping_services') - 'tracking_number' - 'tracking_numbers')
      where jsonb_typeof(data->'shipping_services') = 'object'
        and jsonb_exists_any(data->'shipping_services', array['tracking_number', 'tracking_numbers'])`
  )
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(
      `shipping-services: tracking numbers taken out of ${rowCount ?? 0} fulfillments' data`
    )
}
