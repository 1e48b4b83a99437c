"use client"

import { HttpTypes } from "@medusajs/types"
import { convertToLocale } from "@lib/util/money"

/** The starter's order details (a client component), in short: the order and its items. */
export default function OrderDetailsTemplate({
  order,
}: {
  order: HttpTypes.StoreOrder
}) {
  return (
    <div className="flex flex-col justify-center gap-y-4">
      <h1 className="text-2xl-semi">Order details</h1>
      <div
        className="flex h-full w-full flex-col gap-4 bg-white"
        data-testid="order-details-container"
      >
        <p className="txt-medium" data-testid="order-display-id">
          Order number: {order.display_id}
        </p>
        <ul className="flex flex-col gap-y-2">
          {(order.items ?? []).map((item) => (
            <li key={item.id} className="flex justify-between txt-medium">
              <span>
                {item.product_title ?? item.title} × {item.quantity}
              </span>
              <span>
                {convertToLocale({
                  amount: item.total ?? 0,
                  currency_code: order.currency_code,
                })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
