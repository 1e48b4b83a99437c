"use server"

// The storefront kit's calls with this storefront's sdk and the customer's login: the file
// docs/storefront.md has merchants add to the Next.js starter as src/lib/data/shipping-services.ts.
import { sdk } from "@lib/config"
import * as kit from "medusa-plugin-shipping-services-storefront"
import type { ReturnRequest } from "medusa-plugin-shipping-services-storefront"
import { revalidatePath } from "next/cache"
import { getAuthHeaders, getCartId } from "./cookies"

const ORDER_PAGE = "/[countryCode]/(main)/account/orders/details/[id]"

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
  if (result.ok) revalidatePath(ORDER_PAGE, "page")
  return result
}

export async function cancelOrderReturn(orderId: string, returnId: string) {
  const result = await kit.cancelReturn(
    sdk,
    orderId,
    returnId,
    await getAuthHeaders()
  )
  if (result.ok) revalidatePath(ORDER_PAGE, "page")
  return result
}

/** The cart is the cookie's, never one the browser names. */
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
  if (result.ok) revalidatePath("/[countryCode]/(checkout)/checkout", "page")
  return result
}

/** Promises nothing when they cannot be read: checkout goes on without dates. */
export async function listDeliveryPromises(cartId: string) {
  return kit
    .listDeliveryPromises(sdk, cartId, await getAuthHeaders())
    .catch(() => [])
}
