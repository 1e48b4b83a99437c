"use server"

import { sdk } from "@lib/config"
import { redirect } from "next/navigation"
import { getAuthHeaders, setAuthToken } from "./cookies"

export type StoreCustomer = {
  id: string
  email: string
  first_name: string | null
}

export async function retrieveCustomer(): Promise<StoreCustomer | null> {
  const headers = await getAuthHeaders()
  if (!("authorization" in headers)) return null
  return sdk.client
    .fetch<{ customer: StoreCustomer }>("/store/customers/me", {
      method: "GET",
      query: { fields: "id,email,first_name" },
      headers,
      cache: "no-store",
    })
    .then(({ customer }) => customer)
    .catch(() => null)
}

/** The starter's login action: the JWT goes into the httpOnly cookie. */
export async function login(
  _state: string | null,
  form: FormData
): Promise<string | null> {
  const email = String(form.get("email") ?? "")
  const password = String(form.get("password") ?? "")
  const next = String(form.get("next") ?? "/")
  try {
    const token = await sdk.auth.login("customer", "emailpass", {
      email,
      password,
    })
    if (typeof token !== "string") return "This login needs another step"
    await setAuthToken(token)
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  // Only a path of this storefront.
  redirect(next.startsWith("/") && !next.startsWith("//") ? next : "/")
}
