"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders, getCacheOptions } from "./cookies"

/** The order with its items, cached under the visitor's "orders" tag; throws when not found. */
export async function retrieveOrder(id: string): Promise<HttpTypes.StoreOrder> {
  const { order } = await sdk.client.fetch<HttpTypes.StoreOrderResponse>(
    `/store/orders/${id}`,
    {
      method: "GET",
      query: {
        // +cart.id: an order's return options are its cart's (the kit's return request).
        fields:
          "*payment_collections.payments,*items,*items.metadata,*items.variant,*items.product,+cart.id",
      },
      headers: { ...(await getAuthHeaders()) },
      next: { ...(await getCacheOptions("orders")) },
      cache: "force-cache",
    }
  )
  return order
}
