"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders, setAuthToken } from "./cookies"

export async function retrieveCustomer(): Promise<HttpTypes.StoreCustomer | null> {
  const headers = await getAuthHeaders()
  if (!("authorization" in headers)) return null
  return sdk.client
    .fetch<{ customer: HttpTypes.StoreCustomer }>("/store/customers/me", {
      method: "GET",
      query: { fields: "*addresses" },
      headers,
      cache: "no-store",
    })
    .then(({ customer }) => customer)
    .catch(() => null)
}

/** The starter's login action: the JWT goes into the httpOnly cookie; the page shows the error. */
export async function login(_state: unknown, form: FormData) {
  try {
    const token = await sdk.auth.login("customer", "emailpass", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    })
    if (typeof token !== "string") return "This login needs another step"
    await setAuthToken(token)
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
