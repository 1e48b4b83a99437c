import { container } from "@medusajs/framework"
import { MedusaModule } from "@medusajs/framework/modules-sdk"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { ExpiringMap } from "../../lib/cache/expiring-map"
import type { VariantStock } from "../../lib/locations/reservation-rule"
import type { MedusaAddressLike } from "./mapping/address"
import type { ProductLike, VariantLike } from "./mapping/types"
import type { ProviderPorts, ShopLocation } from "./provider-ports"

export type { ProviderPorts, ShopLocation } from "./provider-ports"

function moduleService<T>(key: string): T | undefined {
  const instance = MedusaModule.getModuleInstance(key) as
    Record<string, T> | undefined
  return instance?.[key]
}

function required<T>(key: string, what: string): T {
  const service = moduleService<T>(key)
  if (!service) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `${what} is not loaded: add medusa-plugin-shipping-services under \`plugins\` in medusa-config (see README)`
    )
  }
  return service
}

type StockLocationService = {
  listStockLocations(
    filters: { id: string },
    config?: { relations?: string[] }
  ): Promise<{ address?: MedusaAddressLike | null }[]>
}
type ProductService = {
  listProducts(
    filters: { id: string[] },
    config?: { select?: string[]; take?: number }
  ): Promise<ProductLike[]>
}
type VariantService = {
  listProductVariants(
    filters: { id: string[] },
    config?: { select?: string[]; relations?: string[]; take?: number }
  ): Promise<VariantLike[]>
}
type CartService = {
  retrieveCart(
    id: string,
    config?: { select?: string[] }
  ): Promise<{
    email?: string | null
    metadata?: Record<string, unknown> | null
    sales_channel_id?: string | null
  }>
}
type OrderService = {
  listOrderItems(
    filters: { item_id: string[] },
    config?: { select?: string[]; take?: number }
  ): Promise<{ order_id?: string }[]>
  retrieveOrder(
    id: string,
    config?: { relations?: string[] }
  ): Promise<Record<string, unknown>>
  listOrderLineItems(
    filters: { id: string[] },
    config?: { take?: number }
  ): Promise<Record<string, unknown>[]>
}

const CATALOG_FIELDS = [
  "weight",
  "length",
  "height",
  "width",
  "hs_code",
  "origin_country",
  "mid_code",
  "material",
]
const PRODUCT_FIELDS = ["id", "title", "handle", ...CATALOG_FIELDS, "metadata"]

/** Remembered a minute per process; the process receiving the stock location event forgets at once. */
const locationAddresses = new ExpiringMap<
  string,
  Promise<{ address: MedusaAddressLike | undefined }>
>({ ttlMs: 60_000, maxEntries: 1_000 })

/** A store has few; remembered like their addresses. */
const shopLocationList = new ExpiringMap<"all", ShopLocation[]>({
  ttlMs: 60_000,
  maxEntries: 1,
})

/**
 * Read once per cart state and kept as long as its quotes, so the warehouses priced are the ones checked at
 * completion; shared while in flight.
 */
const variantStocks = new ExpiringMap<
  string,
  { read: Promise<VariantStock[]>; until: number }
>({ ttlMs: 3_600_000, maxEntries: 5_000 })
/** Without a cart: dry runs of one moment share the read, no longer. */
const VARIANT_STOCK_MIN_KEEP_MS = 5_000

/**
 * A variant's catalog fields, kept a few seconds: a burst of orders of the same products reads them
 * once, not once per label. The process receiving Medusa's product event forgets at once.
 */
const catalogVariants = new ExpiringMap<
  string,
  Promise<VariantLike | undefined>
>({
  ttlMs: 5_000,
  maxEntries: 5_000,
})

/** A product, variant or product type changed. */
export function forgetCatalog(): void {
  catalogVariants.clear()
}

/** All of them: an address's event names the address, not its location. */
export function forgetStockLocations(): void {
  locationAddresses.clear()
  shopLocationList.clear()
}

/** Tests; inventory changes are seen within seconds. */
export function forgetVariantStock(): void {
  variantStocks.clear()
}

type Query = {
  graph(input: {
    entity: string
    fields: string[]
    filters?: Record<string, unknown>
  }): Promise<{ data: unknown[] }>
}

/** The app's Query: the provider's container holds only the fulfillment module, and links need Query. */
function query(): Query {
  try {
    return container.resolve(ContainerRegistrationKeys.QUERY) as Query
  } catch {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "Medusa's Query is not loaded: checkout cannot read the stock locations"
    )
  }
}

/** The fields of Medusa's own reservation rule (requiredVariantFieldsForInventoryConfirmation). */
const VARIANT_STOCK_FIELDS = [
  "id",
  "manage_inventory",
  "allow_backorder",
  "inventory_items.inventory_item_id",
  "inventory_items.required_quantity",
  "inventory_items.inventory.location_levels.location_id",
  "inventory_items.inventory.location_levels.stocked_quantity",
  "inventory_items.inventory.location_levels.reserved_quantity",
]

type VariantStockRow = {
  id: string
  manage_inventory?: boolean | null
  allow_backorder?: boolean | null
  inventory_items?:
    | {
        inventory_item_id: string
        required_quantity?: number | null
        inventory?: {
          location_levels?:
            | {
                location_id: string
                stocked_quantity?: number | null
                reserved_quantity?: number | null
              }[]
            | null
        } | null
      }[]
    | null
}

export const registryPorts: ProviderPorts = {
  shipments: () =>
    required<ShippingServicesModuleService>(
      SHIPPING_SERVICES_MODULE,
      "The plugin's module"
    ),

  async stockLocationAddress(locationId) {
    const locations = moduleService<StockLocationService>(
      Modules.STOCK_LOCATION
    )
    if (!locations || !locationId) return undefined
    // A location without an address (or gone) is remembered too; concurrent purchases share one read.
    const cached = locationAddresses.get(locationId)
    if (cached) return (await cached).address
    // A failed read fails the purchase (retried): taken as "no address" it would ship from the configured origin.
    const read = locations
      .listStockLocations({ id: locationId }, { relations: ["address"] })
      .then(([location]) => ({ address: location?.address ?? undefined }))
    locationAddresses.set(locationId, read)
    read.catch(() => locationAddresses.delete(locationId))
    return (await read).address
  },

  async products(productIds) {
    const products = moduleService<ProductService>(Modules.PRODUCT)
    if (!products || !productIds.length) return []
    return products.listProducts(
      { id: productIds },
      {
        select: PRODUCT_FIELDS,
        take: productIds.length,
      }
    )
  },

  async shopLocations() {
    const known = shopLocationList.get("all")
    if (known) return known
    const { data } = await query().graph({
      entity: "stock_location",
      fields: ["id", "name", "address.*", "sales_channels.id"],
    })
    const locations = (
      data as {
        id: string
        name?: string | null
        address?: MedusaAddressLike | null
        sales_channels?: { id: string }[] | null
      }[]
    ).map((l) => ({
      id: l.id,
      name: l.name ?? null,
      address: l.address ?? null,
      sales_channel_ids: (l.sales_channels ?? []).map((c) => c.id),
    }))
    shopLocationList.set("all", locations)
    return locations
  },

  async variantStock(variantIds, opts = {}) {
    const ids = [...new Set(variantIds)].sort()
    if (!ids.length) return []
    const key = `${opts.cart ?? ""}|${ids.join(",")}`
    const known = variantStocks.get(key)
    if (known && known.until > Date.now()) return known.read
    const read = query()
      .graph({
        entity: "product_variant",
        fields: VARIANT_STOCK_FIELDS,
        filters: { id: ids },
      })
      .then(({ data }) =>
        (data as VariantStockRow[]).map((v): VariantStock => ({
          id: v.id,
          manage_inventory: v.manage_inventory ?? false,
          allow_backorder: v.allow_backorder ?? false,
          inventory_items: (v.inventory_items ?? []).map((i) => ({
            inventory_item_id: i.inventory_item_id,
            required_quantity: i.required_quantity ?? 1,
            location_levels: i.inventory?.location_levels ?? [],
          })),
        }))
      )
    const keepMs = opts.cart
      ? Math.max(opts.keepMs ?? 0, VARIANT_STOCK_MIN_KEEP_MS)
      : VARIANT_STOCK_MIN_KEEP_MS
    variantStocks.set(key, { read, until: Date.now() + keepMs })
    // Not remembered: the next dry run asks again.
    read.catch(() => variantStocks.delete(key))
    return read
  },

  async variants(variantIds) {
    const products = moduleService<VariantService>(Modules.PRODUCT)
    if (!products || !variantIds.length) return []
    // Concurrent purchases share one read of the variants none has asked for yet.
    const ids = [...new Set(variantIds)]
    const reads = new Map(ids.map((id) => [id, catalogVariants.get(id)]))
    const missing = ids.filter((id) => !reads.get(id))
    if (missing.length) {
      const read = products.listProductVariants(
        { id: missing },
        {
          select: [
            "id",
            "sku",
            "title",
            "metadata",
            ...CATALOG_FIELDS,
            ...PRODUCT_FIELDS.map((f) => `product.${f}`),
            // Hazmat may be marked on the product type.
            "product.type.id",
            "product.type.metadata",
          ],
          relations: ["product", "product.type"],
          take: missing.length,
        }
      )
      for (const id of missing) {
        const one = read.then((all) => all.find((v) => v.id === id))
        reads.set(id, one)
        catalogVariants.set(id, one)
        // Not remembered: a failed read, or a variant not found.
        const forget = () => {
          if (catalogVariants.get(id) === one) catalogVariants.delete(id)
        }
        one.then((v) => v || forget(), forget)
      }
    }
    const found = await Promise.all(reads.values())
    return found.filter((v): v is VariantLike => !!v)
  },

  async cartDetails(cartId) {
    const carts = moduleService<CartService>(Modules.CART)
    if (!carts || !cartId) return undefined
    return carts
      .retrieveCart(cartId, {
        select: [
          "id",
          "email",
          "metadata",
          "sales_channel_id",
          "currency_code",
        ],
      })
      .catch(() => undefined)
  },

  async linkedFulfillments(fulfillmentIds) {
    return required<ShippingServicesModuleService>(
      SHIPPING_SERVICES_MODULE,
      "The plugin's module"
    )
      .medusa()
      .linkedFulfillments(fulfillmentIds)
  },

  async order(orderId) {
    const orders = moduleService<OrderService>(Modules.ORDER)
    if (!orders || !orderId) return undefined
    return orders
      .retrieveOrder(orderId, { relations: ["shipping_address", "items"] })
      .catch(() => undefined)
  },

  async lineItems(ids) {
    const orders = moduleService<OrderService>(Modules.ORDER)
    if (!orders || !ids.length) return []
    return orders.listOrderLineItems({ id: ids }, { take: ids.length })
  },

  async orderOfLineItems(lineItemIds) {
    const orders = moduleService<OrderService>(Modules.ORDER)
    if (!orders || !lineItemIds.length) return undefined
    // Line items belong to orders through versioned order_item: one row is enough.
    const [item] = await orders
      .listOrderItems(
        { item_id: lineItemIds.slice(0, 1) },
        { select: ["order_id"], take: 1 }
      )
      .catch(() => [])
    const orderId = item?.order_id
    if (!orderId) return undefined
    return orders
      .retrieveOrder(orderId, { relations: ["shipping_address", "items"] })
      .catch(() => undefined)
  },
}
