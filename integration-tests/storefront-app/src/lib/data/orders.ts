"use server"

import { sdk } from "@lib/config"
import { getAuthHeaders } from "./cookies"

export type StoreOrder = {
  id: string
  display_id: number
  email: string
  customer_id: string | null
  cart?: { id: string } | null
  items: {
    id: string
    title: string
    product_title: string | null
    variant_title: string | null
    quantity: number
    detail?: {
      fulfilled_quantity: number
      return_requested_quantity: number
    } | null
  }[]
}

/** As the starter's retrieveOrder, with the order's cart (its return options are the cart's). */
export async function retrieveOrder(id: string): Promise<StoreOrder | null> {
  return sdk.client
    .fetch<{ order: StoreOrder }>(`/store/orders/${encodeURIComponent(id)}`, {
      method: "GET",
      query: { fields: "id,display_id,email,+customer_id,*items,+cart.id" },
      headers: await getAuthHeaders(),
      cache: "no-store",
    })
    .then(({ order }) => order)
    .catch(() => null)
}
