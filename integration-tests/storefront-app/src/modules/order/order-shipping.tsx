import {
  cancelOrderReturn,
  listOrderReturns,
  listReturnOptions,
  listReturnReasons,
  requestReturn,
  retrieveOrderTracking,
} from "@lib/data/shipping-services"
import type { StoreOrder } from "@lib/data/orders"
import {
  ParcelTimeline,
  ReturnLabels,
  ReturnRequestForm,
  returnableItems,
} from "medusa-plugin-shipping-services-storefront/react"

/**
 * The kit on the order page (a server component): the parcels' timeline, the return labels with
 * print and cancel, and the return request. Each part reads the plugin's routes with the
 * customer's login; for anyone but the order's customer they answer nothing, and nothing shows.
 */
export default async function OrderShipping({ order }: { order: StoreOrder }) {
  const [parcels, returns] = await Promise.all([
    retrieveOrderTracking(order.id),
    listOrderReturns(order.id),
  ])
  // Not this shopper's order: the plugin's routes said 404.
  if (returns === null) return null
  const [reasons, options] = await Promise.all([
    listReturnReasons(),
    order.cart?.id ? listReturnOptions(order.cart.id) : Promise.resolve([]),
  ])
  return (
    <>
      <section className="flex flex-col gap-y-3">
        <h2 className="txt-compact-large-plus">Shipping</h2>
        <ParcelTimeline
          parcels={parcels}
          emptyText="Your order has not shipped yet."
        />
      </section>
      <section className="flex flex-col gap-y-3">
        <h2 className="txt-compact-large-plus">Returns</h2>
        <ReturnLabels
          orderId={order.id}
          returns={returns}
          cancelAction={cancelOrderReturn}
        />
        <ReturnRequestForm
          orderId={order.id}
          items={returnableItems(order.items)}
          reasons={reasons}
          options={options}
          action={requestReturn}
        />
      </section>
    </>
  )
}
