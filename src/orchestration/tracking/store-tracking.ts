import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import {
  isTrackable,
  parcelView,
  type ParcelView,
} from "../../lib/views/parcel-view"
import { loadOrderShipments } from "../labels/order-shipments"
import { pluginClient } from "../../lib/plugin-client"
import { shippingOf } from "../../modules/shipping-services"

/**
 * Throws the store routes' 404 unless the order is the logged-in customer's own. Another
 * customer, a guest order, no login and an unknown id all get the same answer, so it never tells
 * whether the order exists.
 */
export async function assertCustomerOrder(
  container: MedusaContainer,
  orderId: string,
  customerId: string | undefined
): Promise<void> {
  const notFound = new MedusaError(
    MedusaError.Types.NOT_FOUND,
    `Order with id: ${orderId} was not found`
  )
  if (!customerId) throw notFound
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "customer_id"],
    filters: { id: orderId },
  })
  const order = data[0] as { customer_id?: string | null } | undefined
  if (!order || !order.customer_id || order.customer_id !== customerId)
    throw notFound
}

/**
 * GET /store/shipping-services/orders/:id/tracking: the parcels of an order of the logged-in
 * customer. Anyone else — another customer, a guest, no login, an unknown id — gets the same
 * 404 with the same words, so the answer never tells whether the order exists.
 */
export async function customerOrderParcels(
  container: MedusaContainer,
  orderId: string,
  customerId: string | undefined
): Promise<{ parcels: ParcelView[] }> {
  await assertCustomerOrder(container, orderId, customerId)
  const shipping = shippingOf(container)
  const options = shipping.getOptions()
  // What the plugin's own calls last read of the sandbox's clock (no call made here).
  const sandboxNow = pluginClient(
    options,
    container.resolve(ContainerRegistrationKeys.LOGGER)
  ).sandboxNow()
  const { rows, events, fulfillments } = await loadOrderShipments(
    container,
    orderId
  )
  return {
    parcels: rows
      .filter(
        (row) =>
          isTrackable(row) &&
          !(
            row.fulfillment_id &&
            fulfillments.get(row.fulfillment_id)?.canceled_at
          )
      )
      .map((row) =>
        parcelView({
          row,
          events,
          fulfillment:
            (row.fulfillment_id && fulfillments.get(row.fulfillment_id)) ||
            null,
          options,
          sandboxNow,
        })
      ),
  }
}
