"use server"

import { sdk } from "@lib/config"
import * as kit from "medusa-plugin-shipping-services-storefront"
import type { ReturnRequest } from "medusa-plugin-shipping-services-storefront"
import { revalidateTag } from "next/cache"
import { getAuthHeaders, getCacheTag, getCartId } from "./cookies"

// The storefront kit's calls with the starter's sdk and the customer's login (its JWT cookie);
// the cart is the cookie's, never one the browser names.

export async function retrieveOrderTracking(orderId: string) {
  return kit.retrieveOrderTracking(sdk, orderId, await getAuthHeaders())
}

export async function listOrderReturns(orderId: string) {
  return kit.listOrderReturns(sdk, orderId, await getAuthHeaders())
}

export async function listReturnReasons() {
  return kit.listReturnReasons(sdk)
}

export async function listReturnOptions(cartId: string) {
  return kit.listReturnOptions(sdk, cartId, await getAuthHeaders())
}

export async function requestReturn(request: ReturnRequest) {
  const result = await kit.createReturn(sdk, request, await getAuthHeaders())
  // What the order may still send back changed: the starter caches orders under this tag.
  if (result.ok) revalidateTag(await getCacheTag("orders"))
  return result
}

export async function cancelOrderReturn(orderId: string, returnId: string) {
  const result = await kit.cancelReturn(
    sdk,
    orderId,
    returnId,
    await getAuthHeaders()
  )
  if (result.ok) revalidateTag(await getCacheTag("orders"))
  return result
}

/** Whether the cart can ship with the option, and if not each problem on its field. */
export async function checkShippingOption(optionId: string) {
  const cartId = await getCartId()
  if (!cartId) return null
  return kit.checkCart(sdk, cartId, optionId, await getAuthHeaders())
}

/** Medusa's shipping method for the cart, with the plugin's problems when it refuses. */
export async function chooseShippingOption(optionId: string) {
  const cartId = await getCartId()
  if (!cartId)
    return {
      ok: false as const,
      status: null,
      message: "No cart",
      problems: [],
    }
  const result = await kit.chooseShippingOption(
    sdk,
    cartId,
    optionId,
    await getAuthHeaders()
  )
  if (result.ok) revalidateTag(await getCacheTag("carts"))
  return result
}

/** Promises nothing when they cannot be read: checkout goes on without dates. */
export async function listDeliveryPromises(cartId: string) {
  return kit
    .listDeliveryPromises(sdk, cartId, await getAuthHeaders())
    .catch(() => [])
}
