import type { Api, RequestConfig } from "./api"

/**
 * Single steps a merchant takes in Medusa's admin, through its API, shared by the seed
 * (dev/seed/store.ts) and the tests that build a store of their own (the checkout corpus, the
 * one-action setup). Each returns the ids the next steps need.
 */

/** A publishable API key for a storefront, limited to one sales channel. */
export async function publishableKeyFor(
  api: Api,
  admin: RequestConfig,
  salesChannelId: string,
  title = "Storefront"
): Promise<string> {
  const { data: key } = await api.post(
    "/admin/api-keys",
    { title, type: "publishable" },
    admin
  )
  await api.post(
    `/admin/api-keys/${key.api_key.id}/sales-channels`,
    { add: [salesChannelId] },
    admin
  )
  return key.api_key.token as string
}

/** A region in US dollars paid through Medusa's system provider. */
export async function usdRegion(
  api: Api,
  admin: RequestConfig,
  name: string,
  countries: readonly string[]
): Promise<string> {
  const { data } = await api.post(
    "/admin/regions",
    {
      name,
      currency_code: "usd",
      countries,
      payment_providers: ["pp_system_default"],
    },
    admin
  )
  return data.region.id as string
}

/** The store's default shipping profile, made when the store has none yet. */
export async function defaultShippingProfile(
  api: Api,
  admin: RequestConfig
): Promise<string> {
  const { data: profiles } = await api.get("/admin/shipping-profiles", admin)
  return (
    profiles.shipping_profiles.find(
      (p: { type: string }) => p.type === "default"
    )?.id ??
    (
      await api.post(
        "/admin/shipping-profiles",
        { name: "Default", type: "default" },
        admin
      )
    ).data.shipping_profile.id
  )
}
