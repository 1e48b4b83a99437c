import type { Api, RequestConfig } from "../../dev/seed/api"
import {
  paymentSession,
  PROVIDER_ID,
  WAREHOUSE_ADDRESS,
} from "../../dev/seed/store"
import {
  defaultShippingProfile,
  publishableKeyFor,
  usdRegion,
} from "../../dev/seed/admin-steps"
import {
  CORPUS_PRODUCTS,
  CORPUS_REGIONS,
  type CartAddress,
  type CorpusCart,
  type ProductKey,
} from "../../src/providers/shipping-services/__fixtures__/checkout-corpus"

/**
 * A store for the checkout corpus: one warehouse, one service zone for every country the corpus
 * ships to (so Medusa offers every option everywhere and the plugin's own rules decide), a flat
 * and a calculated shipping option per service, and the corpus's products.
 */
export type CorpusStore = {
  publishableKey: string
  locationId: string
  regionOf(country: string): string
  salesChannelId: string
  option(service: string, price: "flat" | "calculated"): string
  variant(product: ProductKey): string
}

export const CORPUS_SERVICES = [
  "postal-ground",
  "standard",
  "cross-border",
  "carrier-account",
]

export async function setupCorpusStore(
  api: Api,
  admin: RequestConfig,
  products: readonly ProductKey[] = Object.keys(CORPUS_PRODUCTS) as ProductKey[]
): Promise<CorpusStore> {
  const { data: sc } = await api.post(
    "/admin/sales-channels",
    { name: "Corpus shop" },
    admin
  )
  const salesChannelId = sc.sales_channel.id as string
  const publishableKey = await publishableKeyFor(
    api,
    admin,
    salesChannelId,
    "Corpus storefront"
  )
  const regions: Record<string, string> = {}
  for (const [name, countries] of Object.entries(CORPUS_REGIONS)) {
    const id = await usdRegion(api, admin, name, countries)
    for (const c of countries) regions[c] = id
  }
  const { data: loc } = await api.post(
    "/admin/stock-locations",
    { name: "Corpus warehouse", address: WAREHOUSE_ADDRESS },
    admin
  )
  const locationId = loc.stock_location.id as string
  await api.post(
    `/admin/stock-locations/${locationId}/fulfillment-providers`,
    { add: [PROVIDER_ID] },
    admin
  )
  await api.post(
    `/admin/stock-locations/${locationId}/sales-channels`,
    { add: [salesChannelId] },
    admin
  )
  const { data: withSet } = await api.post(
    `/admin/stock-locations/${locationId}/fulfillment-sets?fields=id,*fulfillment_sets`,
    { name: "Corpus shipping", type: "shipping" },
    admin
  )
  const setId = withSet.stock_location.fulfillment_sets[0].id
  const everywhere = Object.values(CORPUS_REGIONS).flat()
  const { data: zoned } = await api.post(
    `/admin/fulfillment-sets/${setId}/service-zones`,
    {
      name: "Everywhere",
      geo_zones: everywhere.map((country_code) => ({
        type: "country",
        country_code,
      })),
    },
    admin
  )
  const zoneId = zoned.fulfillment_set.service_zones[0].id
  const profileId = await defaultShippingProfile(api, admin)
  const { data: fo } = await api.get(
    `/admin/fulfillment-providers/${PROVIDER_ID}/options`,
    admin
  )
  const options: Record<string, string> = {}
  for (const service of CORPUS_SERVICES) {
    const data = fo.fulfillment_options.find(
      (o: { id: string }) => o.id === service
    )
    for (const price of ["flat", "calculated"] as const) {
      const { data: created } = await api.post(
        "/admin/shipping-options",
        {
          name: `${data.name} (${price})`,
          service_zone_id: zoneId,
          shipping_profile_id: profileId,
          provider_id: PROVIDER_ID,
          price_type: price,
          type: {
            label: data.name,
            description: data.name,
            code: `${service}-${price}`,
          },
          data,
          prices: price === "flat" ? [{ currency_code: "usd", amount: 8 }] : [],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
        admin
      )
      options[`${service}:${price}`] = created.shipping_option.id
    }
  }
  // One batch request for the whole catalog (57 products): one product workflow, where a
  // request per product ran it 57 times in the file's setup.
  const { data: batch } = await api.post(
    "/admin/products/batch",
    {
      create: products.map((key) => {
        const { title, price, ...fields } = CORPUS_PRODUCTS[key] as {
          title: string
          price: number
        } & Record<string, unknown>
        return {
          title,
          status: "published",
          shipping_profile_id: profileId,
          sales_channels: [{ id: salesChannelId }],
          options: [{ title: "Style", values: ["Default"] }],
          variants: [
            {
              title: "Default",
              sku: `CORPUS-${key}`.toUpperCase(),
              manage_inventory: false,
              options: { Style: "Default" },
              prices: [{ currency_code: "usd", amount: price }],
              ...fields,
            },
          ],
        }
      }),
    },
    admin
  )
  const variants: Record<string, string> = {}
  for (const product of batch.created as {
    variants: { id: string; sku: string }[]
  }[]) {
    const [variant] = product.variants
    const key = products.find(
      (k) => `CORPUS-${k}`.toUpperCase() === variant.sku
    )
    if (!key) throw new Error(`no corpus product for ${variant.sku}`)
    variants[key] = variant.id
  }
  return {
    publishableKey,
    locationId,
    salesChannelId,
    regionOf: (country) => {
      const id = regions[country]
      if (!id) throw new Error(`no corpus region for ${country}`)
      return id
    },
    option: (service, price) => {
      const id = options[`${service}:${price}`]
      if (!id) throw new Error(`no option ${service}:${price}`)
      return id
    },
    variant: (product) => {
      const id = variants[product]
      if (!id) throw new Error(`no product ${product}`)
      return id
    },
  }
}

/** Where a checkout stopped: refused at the shipping method, refused at completion, or an order. */
export type CheckoutOutcome =
  | { stage: "shipping-method" | "complete"; status: number; body: any }
  | { stage: "order"; order: { id: string }; cartId: string }

/** A shopper's checkout of a corpus cart through the store API, as far as it goes. */
export async function checkoutCorpusCart(
  api: Api,
  store: CorpusStore,
  cart: Pick<
    CorpusCart,
    "address" | "items" | "metadata" | "service" | "price"
  >,
  opts: { changeAfterChoosing?: (cartId: string) => Promise<void> } = {}
): Promise<CheckoutOutcome> {
  const pk = { headers: { "x-publishable-api-key": store.publishableKey } }
  const email = "shopper@example.com"
  // The cart, its lines and its address in one request (createCartWorkflow takes them all), as
  // dev/seed/store.ts's placeOrder: each request of a checkout recalculates the whole cart.
  const { data: c } = await api.post(
    "/store/carts",
    {
      region_id: store.regionOf(cart.address.country_code),
      sales_channel_id: store.salesChannelId,
      email,
      items: cart.items.map((item) => ({
        variant_id: store.variant(item.product),
        quantity: item.quantity,
      })),
      shipping_address: cart.address as CartAddress,
      ...(cart.metadata ? { metadata: cart.metadata } : {}),
    },
    pk
  )
  const cartId = c.cart.id as string
  const refused = async (
    stage: "shipping-method" | "complete",
    call: () => Promise<unknown>
  ) => {
    try {
      return { ok: await call() }
    } catch (error) {
      const response = (error as { response?: { status: number; data: any } })
        .response
      if (!response) throw error
      return {
        refusal: { stage, status: response.status, body: response.data },
      }
    }
  }
  const method = await refused("shipping-method", () =>
    api.post(
      `/store/carts/${cartId}/shipping-methods`,
      { option_id: store.option(cart.service, cart.price) },
      pk
    )
  )
  if ("refusal" in method) return method.refusal as CheckoutOutcome
  if (opts.changeAfterChoosing) await opts.changeAfterChoosing(cartId)
  await paymentSession(api, cartId, pk)
  const done = await refused("complete", () =>
    api.post(`/store/carts/${cartId}/complete`, {}, pk)
  )
  if ("refusal" in done) return done.refusal as CheckoutOutcome
  const data = (done.ok as { data: any }).data
  if (data.type !== "order")
    return { stage: "complete", status: 200, body: data }
  return { stage: "order", order: data.order, cartId }
}
