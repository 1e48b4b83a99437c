import {
  cancelOrderReturn,
  listOrderReturns,
  listReturnOptions,
  listReturnReasons,
  requestReturn,
  retrieveOrderTracking,
} from "@lib/data/shipping-services"
import { HttpTypes } from "@medusajs/types"
import {
  ParcelTimeline,
  ReturnLabels,
  ReturnRequestForm,
  returnableItems,
} from "medusa-plugin-shipping-services-storefront/react"

/**
 * The parcels' timeline, the return labels (print, download, cancel) and the return request.
 * For anyone but the order's customer the plugin's routes answer 404: nothing shows.
 */
export default async function OrderShipping({
  order,
}: {
  order: HttpTypes.StoreOrder & { cart?: { id: string } | null }
}) {
  const [parcels, returns] = await Promise.all([
    retrieveOrderTracking(order.id),
    listOrderReturns(order.id),
  ])
  if (returns === null) return null
  const [reasons, options] = await Promise.all([
    listReturnReasons(),
    order.cart?.id ? listReturnOptions(order.cart.id) : [],
  ])
  return (
    <div className="flex flex-col gap-y-8" data-testid="order-shipping">
      <div className="flex flex-col gap-y-4">
        <h2 className="txt-compact-large-plus">Delivery</h2>
        <ParcelTimeline
          parcels={parcels}
          emptyText="Your order has not shipped yet."
        />
      </div>
      <div className="flex flex-col gap-y-4">
        <h2 className="txt-compact-large-plus">Returns</h2>
        <ReturnLabels
          orderId={order.id}
          returns={returns}
          cancelAction={cancelOrderReturn}
        />
        <ReturnRequestForm
          orderId={order.id}
          items={returnableItems(order.items ?? [])}
          reasons={reasons}
          options={options}
          action={requestReturn}
        />
      </div>
    </div>
  )
}
