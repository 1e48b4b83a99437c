"use server"

import { sdk } from "@lib/config"
import { ADDRESS_FIELDS } from "@lib/util/compare-addresses"
import { HttpTypes } from "@medusajs/types"
import { revalidateTag } from "next/cache"
import { redirect } from "next/navigation"
import {
  getAuthHeaders,
  getCacheOptions,
  getCacheTag,
  getCartId,
} from "./cookies"

/** The cart of the cart cookie, cached under the visitor's "carts" tag (the starter's). */
export async function retrieveCart(): Promise<HttpTypes.StoreCart | null> {
  const id = await getCartId()
  if (!id) return null
  return sdk.client
    .fetch<HttpTypes.StoreCartResponse>(`/store/carts/${id}`, {
      method: "GET",
      query: {
        fields:
          "*items,*region,*region.countries,*items.product,*items.variant,+items.total,*shipping_methods,+shipping_methods.name",
      },
      headers: { ...(await getAuthHeaders()) },
      next: { ...(await getCacheOptions("carts")) },
      cache: "force-cache",
    })
    .then(({ cart }) => cart)
    .catch(() => null)
}

/** The starter's updateCart: the change, then its cached cart and shipping options dropped. */
export async function updateCart(data: HttpTypes.StoreUpdateCart) {
  const cartId = await getCartId()
  if (!cartId) throw new Error("No existing cart found")
  const { cart } = await sdk.store.cart.update(
    cartId,
    data,
    {},
    { ...(await getAuthHeaders()) }
  )
  revalidateTag(await getCacheTag("carts"))
  revalidateTag(await getCacheTag("fulfillment"))
  return cart
}

function addressFrom(form: FormData, prefix: string) {
  const address: Record<string, string> = { address_2: "" }
  for (const f of ADDRESS_FIELDS)
    address[f] = String(form.get(`${prefix}.${f}`) ?? "")
  return address
}

/** The starter's address step action: the addresses and email, then on to the delivery step. */
export async function setAddresses(_state: unknown, form: FormData) {
  try {
    const shipping_address = addressFrom(form, "shipping_address")
    await updateCart({
      shipping_address,
      billing_address:
        form.get("same_as_billing") === "on"
          ? shipping_address
          : addressFrom(form, "billing_address"),
      email: String(form.get("email") ?? ""),
    })
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  redirect(
    `/${form.get("shipping_address.country_code")}/checkout?step=delivery`
  )
}
