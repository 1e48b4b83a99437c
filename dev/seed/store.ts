import type { Api, RequestConfig } from "./api"
import {
  defaultShippingProfile,
  publishableKeyFor,
  usdRegion,
} from "./admin-steps"

/**
 * A store set up through Medusa's admin API the way a merchant would: a sales channel and its
 * publishable key, a US region (USD) and an international one (USD, shipped cross-border from
 * the US), a warehouse with an address, linked to this provider, a fulfillment set with service
 * zones, one shipping option per fulfillment option, and products with customs data.
 */
export const PROVIDER_ID = "shipping-services_shipping-services"

export type StoreSetup = {
  salesChannelId: string
  publishableKey: string
  regions: { us: string; international: string }
  locationId: string
  shippingProfileId: string
  /** Shipping option id per fulfillment option id (e.g. "postal-ground", "cross-border"). */
  shippingOptions: Record<string, string>
  products: { id: string; title: string; variantId: string }[]
}

export const WAREHOUSE_ADDRESS = {
  company: "Demo Store",
  address_1: "27 Waterview Dr",
  city: "Shelton",
  province: "us-ct",
  postal_code: "06484",
  country_code: "us",
  phone: "2125550100",
}

export const CATALOG = [
  {
    title: "Medusa T-Shirt",
    handle: "medusa-t-shirt",
    sku: "SHIRT-L-BLACK",
    price: 25,
    variant: {
      weight: 220,
      length: 30,
      width: 25,
      height: 3,
      hs_code: "6109.10.0012",
      origin_country: "pt",
    },
  },
  {
    title: "Ceramic Mug",
    handle: "ceramic-mug",
    sku: "MUG-WHITE",
    price: 12.5,
    variant: {
      weight: 400,
      length: 12,
      width: 12,
      height: 10,
      hs_code: "6912.00",
      origin_country: "cn",
    },
  },
  {
    // 25 kg each: two would pass the 70 lb a postal parcel may weigh, so three ship as three parcels.
    title: "Cast-Iron Dutch Oven",
    handle: "cast-iron-dutch-oven",
    sku: "OVEN-CI-7QT",
    price: 89,
    variant: {
      weight: 25000,
      length: 40,
      width: 34,
      height: 22,
      hs_code: "7323.91",
      origin_country: "us",
    },
  },
]

type FulfillmentOption = { id: string; name: string; is_return?: boolean }

/** What a merchant sets up in Medusa's admin before shipping: the store's basics. */
export type StoreBasics = Omit<StoreSetup, "shippingOptions">

/**
 * A sales channel and its publishable key, a US region and an international one (USD), a
 * warehouse with its address in that channel, the default shipping profile and the catalog's
 * products in it: everything but shipping (README "Set up shipping" starts here).
 */
export async function setupBasics(
  api: Api,
  admin: RequestConfig
): Promise<StoreBasics> {
  const { data: sc } = await api.post(
    "/admin/sales-channels",
    { name: "Web shop" },
    admin
  )
  const salesChannelId = sc.sales_channel.id
  const publishableKey = await publishableKeyFor(api, admin, salesChannelId)
  const regions = {
    us: await usdRegion(api, admin, "United States", ["us"]),
    international: await usdRegion(api, admin, "International", [
      "gb",
      "de",
      "fr",
      "ca",
    ]),
  }

  const locationId = await addLocation(
    api,
    admin,
    { salesChannelId },
    { name: "Shelton warehouse", address: WAREHOUSE_ADDRESS }
  )

  const shippingProfileId = await defaultShippingProfile(api, admin)

  const products = []
  for (const p of CATALOG)
    products.push(
      await addProduct(api, admin, { salesChannelId, shippingProfileId }, p)
    )
  return {
    salesChannelId,
    publishableKey,
    regions,
    locationId,
    shippingProfileId,
    products,
  }
}

/** A second warehouse's address (several warehouses: checkout and the setup). */
export const AUSTIN_WAREHOUSE_ADDRESS = {
  company: "Demo Store",
  address_1: "600 Congress Ave",
  city: "Austin",
  province: "us-tx",
  postal_code: "78701",
  country_code: "us",
  phone: "5125550100",
}

/**
 * A stock location in the store's sales channel (Settings → Locations → Create, then its sales
 * channels), with an address or none.
 */
export async function addLocation(
  api: Api,
  admin: RequestConfig,
  store: Pick<StoreBasics, "salesChannelId">,
  location: { name: string; address?: Record<string, string> }
): Promise<string> {
  const { data: loc } = await api.post(
    "/admin/stock-locations",
    {
      name: location.name,
      ...(location.address ? { address: location.address } : {}),
    },
    admin
  )
  const locationId = loc.stock_location.id as string
  await api.post(
    `/admin/stock-locations/${locationId}/sales-channels`,
    { add: [store.salesChannelId] },
    admin
  )
  return locationId
}

type CatalogProduct = (typeof CATALOG)[number]

/**
 * A published product of the catalog's shape in the store's channel and default profile. With
 * `stock` its variant manages inventory, stocked that many units at each location named
 * (Medusa makes the inventory item; the admin's Inventory → Locations sets the levels).
 */
export async function addProduct(
  api: Api,
  admin: RequestConfig,
  store: Pick<StoreBasics, "salesChannelId" | "shippingProfileId">,
  p: Omit<CatalogProduct, "variant"> & {
    variant: Partial<CatalogProduct["variant"]>
  },
  stock?: Record<string, number>
): Promise<StoreBasics["products"][number]> {
  const { data } = await api.post(
    "/admin/products",
    {
      title: p.title,
      handle: p.handle,
      status: "published",
      shipping_profile_id: store.shippingProfileId,
      sales_channels: [{ id: store.salesChannelId }],
      options: [{ title: "Style", values: ["Default"] }],
      variants: [
        {
          title: "Default",
          sku: p.sku,
          manage_inventory: !!stock,
          options: { Style: "Default" },
          prices: [{ currency_code: "usd", amount: p.price }],
          ...p.variant,
        },
      ],
    },
    admin
  )
  const variantId = data.product.variants[0].id as string
  if (stock) {
    const { data: v } = await api.get(
      `/admin/products/${data.product.id}/variants/${variantId}?fields=inventory_items.inventory_item_id`,
      admin
    )
    const itemId = v.variant.inventory_items[0].inventory_item_id as string
    for (const [location_id, stocked_quantity] of Object.entries(stock))
      await api.post(
        `/admin/inventory-items/${itemId}/location-levels`,
        { location_id, stocked_quantity },
        admin
      )
  }
  return { id: data.product.id, title: p.title, variantId }
}

/**
 * The basics, then shipping set up by hand as a merchant would in the admin's forms: the provider
 * on the warehouse, a fulfillment set with a domestic and an international zone, one shipping
 * option per fulfillment option (the plugin's one-action setup does this for merchants:
 * src/lib/setup-shipping).
 */
export async function setupStore(
  api: Api,
  admin: RequestConfig,
  opts: { priceTypes?: Record<string, "flat" | "calculated"> } = {}
): Promise<StoreSetup> {
  const basics = await setupBasics(api, admin)
  const { locationId, shippingProfileId } = basics
  await api.post(
    `/admin/stock-locations/${locationId}/fulfillment-providers`,
    { add: [PROVIDER_ID, "manual_manual"] },
    admin
  )
  const { data: withSet } = await api.post(
    `/admin/stock-locations/${locationId}/fulfillment-sets?fields=id,*fulfillment_sets`,
    { name: "Shelton shipping", type: "shipping" },
    admin
  )
  const fulfillmentSetId = withSet.stock_location.fulfillment_sets[0].id
  const zone = async (name: string, countries: string[]) => {
    const { data } = await api.post(
      `/admin/fulfillment-sets/${fulfillmentSetId}/service-zones`,
      {
        name,
        geo_zones: countries.map((country_code) => ({
          type: "country",
          country_code,
        })),
      },
      admin
    )
    return data.fulfillment_set.service_zones.find(
      (z: { name: string }) => z.name === name
    ).id as string
  }
  const zones = {
    domestic: await zone("Domestic", ["us"]),
    international: await zone("International", ["gb", "de", "fr", "ca"]),
  }

  const { data: fo } = await api.get(
    `/admin/fulfillment-providers/${PROVIDER_ID}/options`,
    admin
  )
  const shippingOptions: Record<string, string> = {}
  for (const option of fo.fulfillment_options as FulfillmentOption[]) {
    const international = option.id === "cross-border"
    const priceType = opts.priceTypes?.[option.id] ?? "flat"
    const { data } = await api.post(
      "/admin/shipping-options",
      {
        name: option.name,
        service_zone_id: international ? zones.international : zones.domestic,
        shipping_profile_id: shippingProfileId,
        provider_id: PROVIDER_ID,
        price_type: priceType,
        type: { label: option.name, description: option.name, code: option.id },
        data: option,
        // Medusa 2.21 asks for `prices` with either type: none for a calculated option.
        prices:
          priceType === "flat"
            ? [{ currency_code: "usd", amount: international ? 19 : 8 }]
            : [],
        rules: storeOptionRules(!!option.is_return),
      },
      admin
    )
    shippingOptions[option.id] = data.shipping_option.id
  }
  return { ...basics, shippingOptions }
}

/**
 * A rate-shopping option (docs/rate-shopping.md) the demo adds to the development app's: Priority
 * Mail by default, and the cheapest of it, Ground Advantage and Parcel Select that arrives by the
 * date promised at checkout.
 */
export const RATE_SHOPPING_SERVICE = {
  id: "postal-saver",
  name: "Postal saver (cheapest on time)",
  variant: "expedited",
  serviceId: "PM",
  specialServices: [{ specialServiceId: "DelCon", inputParameters: [] }],
  label: { fileFormat: "PDF", size: "DOC_4X6", contentType: "BASE64" },
  rateShopping: { among: ["UGA", "PS"], choose: "cheapest" },
} as const

export type ShopperAddress = {
  first_name: string
  last_name: string
  address_1: string
  city: string
  province?: string
  postal_code: string
  country_code: string
  phone?: string
}

export const ADDRESSES: Record<"newYork" | "london", ShopperAddress> = {
  newYork: {
    first_name: "Ada",
    last_name: "Lovelace",
    address_1: "1 Main St",
    city: "New York",
    province: "us-ny",
    postal_code: "10001",
    country_code: "us",
    phone: "2125550199",
  },
  london: {
    first_name: "Jane",
    last_name: "Doe",
    address_1: "10 Downing St",
    city: "London",
    postal_code: "SW1A 2AA",
    country_code: "gb",
    phone: "442071234567",
  },
}

/**
 * A shopper's checkout through the store API: cart (lines and address), shipping method, payment,
 * order.
 * `as.headers` adds headers to every call (a logged-in customer's bearer: the order is theirs).
 */
export async function placeOrder(
  api: Api,
  store: StoreSetup,
  order: {
    region: "us" | "international"
    address: ShopperAddress
    optionId: string
    items: { variantId: string; quantity: number }[]
    email?: string
  },
  as: { headers?: Record<string, string> } = {}
) {
  const pk = {
    headers: {
      "x-publishable-api-key": store.publishableKey,
      ...as.headers,
    },
  }
  const email = order.email ?? "shopper@example.com"
  // One request for what a storefront often sends in several (the cart, its lines, the
  // addresses): Medusa's createCartWorkflow takes them all, and each request of a checkout
  // recalculates the whole cart. The tests place thousands of orders.
  const { data: c } = await api.post(
    "/store/carts",
    {
      region_id: store.regions[order.region],
      sales_channel_id: store.salesChannelId,
      email,
      items: order.items.map((i) => ({
        variant_id: i.variantId,
        quantity: i.quantity,
      })),
      shipping_address: order.address,
      billing_address: order.address,
    },
    pk
  )
  const cartId = c.cart.id
  await api.post(
    `/store/carts/${cartId}/shipping-methods`,
    { option_id: store.shippingOptions[order.optionId] },
    pk
  )
  return payAndComplete(api, cartId, pk)
}

/** A placed order as the store API answers it. */
export type PlacedOrder = {
  id: string
  display_id: number
  customer_id: string
  items: { id: string; quantity: number }[]
}

/** The end of a shopper's checkout: a payment session with the system provider, then the order. */
export async function payAndComplete(
  api: Api,
  cartId: string,
  pk: RequestConfig
): Promise<PlacedOrder> {
  await paymentSession(api, cartId, pk)
  const { data: done } = await api.post(
    `/store/carts/${cartId}/complete`,
    {},
    pk
  )
  if (done.type !== "order") {
    throw new Error(
      `cart ${cartId} did not complete: ${JSON.stringify(done.error ?? done)}`
    )
  }
  return done.order as PlacedOrder
}

/** The cart's payment collection and a session with Medusa's system provider (no card). */
export async function paymentSession(
  api: Api,
  cartId: string,
  pk: RequestConfig
): Promise<void> {
  const { data: pc } = await api.post(
    "/store/payment-collections",
    { cart_id: cartId },
    pk
  )
  await api.post(
    `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_system_default" },
    pk
  )
}

/**
 * A flat-priced shipping option beside an option of the store (same service zone and profile):
 * Medusa's manual provider for the benches' baseline and the tests' "another provider", or a
 * copy of one of ours. Its id is kept in `store.shippingOptions[key]` and returned.
 */
export async function addFlatOption(
  api: Api,
  admin: RequestConfig,
  store: StoreSetup,
  option: {
    key: string
    /** The store's option (a key of store.shippingOptions) whose zone the new one joins. */
    beside: string
    name: string
    provider_id: string
    data: Record<string, unknown>
    isReturn?: boolean
    amount?: number
  }
): Promise<string> {
  const { data: beside } = await api.get(
    `/admin/shipping-options/${store.shippingOptions[option.beside]}`,
    admin
  )
  const { data } = await api.post(
    "/admin/shipping-options",
    {
      name: option.name,
      service_zone_id: beside.shipping_option.service_zone_id,
      shipping_profile_id: store.shippingProfileId,
      provider_id: option.provider_id,
      price_type: "flat",
      type: { label: option.name, description: option.name, code: option.key },
      data: option.data,
      prices: [{ currency_code: "usd", amount: option.amount ?? 8 }],
      rules: storeOptionRules(!!option.isReturn),
    },
    admin
  )
  store.shippingOptions[option.key] = data.shipping_option.id
  return data.shipping_option.id
}

/** The rules of a shipping option shoppers see in the store: enabled there, outbound or return. */
function storeOptionRules(isReturn: boolean) {
  return [
    { attribute: "enabled_in_store", value: "true", operator: "eq" },
    {
      attribute: "is_return",
      value: isReturn ? "true" : "false",
      operator: "eq",
    },
  ]
}

/**
 * Another warehouse of the store, as a merchant adds one in the admin: addLocation's stock
 * location with its address in the store's sales channel, and linked to the plugin's provider
 * (its labels may ship from there). Its id.
 */
export async function addWarehouse(
  api: Api,
  admin: RequestConfig,
  store: Pick<StoreBasics, "salesChannelId">,
  warehouse: { name: string; address?: Record<string, string> } = {
    name: "Austin warehouse",
    address: AUSTIN_WAREHOUSE_ADDRESS,
  }
): Promise<string> {
  const id = await addLocation(api, admin, store, warehouse)
  await api.post(
    `/admin/stock-locations/${id}/fulfillment-providers`,
    { add: [PROVIDER_ID] },
    admin
  )
  return id
}

/**
 * A product of the mug's shape whose variant manages its inventory, stocked where `stock` says
 * (location id → quantity) and nowhere else (addProduct): Medusa reserves it at checkout where it
 * is stocked. Its variant id.
 */
export async function addStockedProduct(
  api: Api,
  admin: RequestConfig,
  store: Pick<StoreBasics, "salesChannelId" | "shippingProfileId">,
  product: { title: string; sku: string; stock: Record<string, number> }
): Promise<string> {
  const mug = CATALOG.find((p) => p.handle === "ceramic-mug")!
  const added = await addProduct(
    api,
    admin,
    store,
    {
      ...mug,
      title: product.title,
      handle: product.sku.toLowerCase(),
      sku: product.sku,
    },
    product.stock
  )
  return added.variantId
}
