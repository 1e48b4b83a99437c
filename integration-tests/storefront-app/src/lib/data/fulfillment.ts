"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders, getCacheOptions } from "./cookies"

/** The cart's shipping options (the starter's), cached under the visitor's "fulfillment" tag. */
export async function listCartShippingMethods(cartId: string) {
  return sdk.client
    .fetch<HttpTypes.StoreShippingOptionListResponse>(
      "/store/shipping-options",
      {
        method: "GET",
        query: { cart_id: cartId },
        headers: { ...(await getAuthHeaders()) },
        next: { ...(await getCacheOptions("fulfillment")) },
        cache: "force-cache",
      }
    )
    .then(({ shipping_options }) => shipping_options)
    .catch(() => null)
}

/** A calculated option's price for the cart, or null when the provider gives none. */
export async function calculatePriceForShippingOption(
  optionId: string,
  cartId: string
) {
  return sdk.client
    .fetch<{ shipping_option: HttpTypes.StoreCartShippingOption }>(
      `/store/shipping-options/${optionId}/calculate`,
      {
        method: "POST",
        body: { cart_id: cartId },
        headers: { ...(await getAuthHeaders()) },
        next: { ...(await getCacheOptions("fulfillment")) },
      }
    )
    .then(({ shipping_option }) => shipping_option)
    .catch(() => null)
}
