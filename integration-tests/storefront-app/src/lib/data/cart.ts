"use server"

import { sdk } from "@lib/config"
import { revalidatePath } from "next/cache"
import { getAuthHeaders, getCartId } from "./cookies"

export type StoreCart = {
  id: string
  email: string | null
  currency_code: string
  shipping_address: Record<string, string | null> | null
  shipping_methods?: { shipping_option_id: string; name: string }[]
  items: { id: string; title: string; product_title: string | null }[]
}
export type ShippingOption = {
  id: string
  name: string
  price_type: "flat" | "calculated"
  amount?: number | null
  provider_id: string
}

export async function retrieveCart(): Promise<StoreCart | null> {
  const id = await getCartId()
  if (!id) return null
  return sdk.client
    .fetch<{ cart: StoreCart }>(`/store/carts/${encodeURIComponent(id)}`, {
      method: "GET",
      query: {
        fields:
          "id,email,currency_code,*shipping_address,*shipping_methods,*items",
      },
      headers: await getAuthHeaders(),
      cache: "no-store",
    })
    .then(({ cart }) => cart)
    .catch(() => null)
}

/** The cart's shipping options, each with its price: flat as set, calculated as the provider prices it. */
export async function listShippingOptions(
  cartId: string
): Promise<(ShippingOption & { price: number | null })[]> {
  const headers = await getAuthHeaders()
  const { shipping_options } = await sdk.client.fetch<{
    shipping_options: ShippingOption[]
  }>("/store/shipping-options", {
    method: "GET",
    query: { cart_id: cartId },
    headers,
    cache: "no-store",
  })
  return Promise.all(
    shipping_options.map(async (o) => {
      if (o.price_type !== "calculated")
        return { ...o, price: o.amount ?? null }
      const price = await sdk.client
        .fetch<{ shipping_option: { amount: number } }>(
          `/store/shipping-options/${encodeURIComponent(o.id)}/calculate`,
          { method: "POST", body: { cart_id: cartId }, headers }
        )
        .then((r) => r.shipping_option.amount)
        .catch(() => null)
      return { ...o, price }
    })
  )
}

const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "company",
  "address_1",
  "city",
  "province",
  "postal_code",
  "country_code",
  "phone",
] as const

/** The starter's setAddresses, in short: the form's `shipping_address.*` and `email`. */
export async function updateShippingAddress(
  _state: string | null,
  form: FormData
): Promise<string | null> {
  const cartId = await getCartId()
  if (!cartId) return "No cart"
  const shipping_address = Object.fromEntries(
    ADDRESS_FIELDS.map((f) => [
      f,
      String(form.get(`shipping_address.${f}`) ?? ""),
    ])
  )
  try {
    await sdk.store.cart.update(
      cartId,
      { shipping_address, email: String(form.get("email") ?? "") },
      {},
      await getAuthHeaders()
    )
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  revalidatePath("/[countryCode]/(checkout)/checkout", "page")
  return null
}
