"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders, getCacheOptions } from "./cookies"

export type StoreOrder = HttpTypes.StoreOrder & { cart?: { id: string } | null }

/**
 * As the starter's retrieveOrder (cached under the visitor's "orders" tag), with `+cart.id`
 * added to its fields: an order's return options are its cart's.
 */
export async function retrieveOrder(id: string): Promise<StoreOrder | null> {
  return sdk.client
    .fetch<{ order: StoreOrder }>(`/store/orders/${encodeURIComponent(id)}`, {
      method: "GET",
      query: {
        fields:
          "*payment_collections.payments,*items,*items.metadata,*items.variant,*items.product,+cart.id",
      },
      headers: await getAuthHeaders(),
      next: await getCacheOptions("orders"),
      cache: "force-cache",
    })
    .then(({ order }) => order)
    .catch(() => null)
}
