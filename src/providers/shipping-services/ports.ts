import { MedusaModule } from "@medusajs/framework/modules-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { ExpiringMap } from "../../lib/cache/expiring-map"
import type { MedusaAddressLike } from "./mapping/address"
import type { ProductLike, VariantLike } from "./mapping/types"

/**
 * What the provider needs from outside the fulfillment module. Medusa gives a provider only the
 * fulfillment module's container; these reach the plugin's own module (the shipment journal,
 * written BEFORE a label request leaves, doc 2 rule 4) and read-only catalog and location data
 * through Medusa's module registry. Tests pass their own.
 */
export type ProviderPorts = {
  shipments(): ShippingServicesModuleService
  stockLocationAddress(
    locationId: string
  ): Promise<MedusaAddressLike | undefined>
  products(productIds: string[]): Promise<ProductLike[]>
  /** Variants with their product: the catalog's weights, sizes and customs data. */
  variants(variantIds: string[]): Promise<VariantLike[]>
  /** A cart's email and metadata (Medusa leaves them out of a price calculation's context). */
  cartDetails(
    cartId: string
  ): Promise<
    | { email?: string | null; metadata?: Record<string, unknown> | null }
    | undefined
  >
  /** The order a return belongs to, found from its items' order line ids. */
  orderOfLineItems(
    lineItemIds: string[]
  ): Promise<Record<string, unknown> | undefined>
  /** Which of these fulfillments belong to an order or a return (Medusa links them last). */
  linkedFulfillments(fulfillmentIds: string[]): Promise<Set<string>>
  /** An order with its items and shipping address (the document hooks' packing slip). */
  order(orderId: string): Promise<Record<string, unknown> | undefined>
  /**
   * Order line items by id, also those an exchange or a claim being made added (not yet in the
   * order's items): what an order change's shipping method is priced for.
   */
  lineItems(ids: string[]): Promise<Record<string, unknown>[]>
}

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

/** The catalog fields the builder reads (mapping/types.ts CatalogFields). */
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

/**
 * A location's address, the label's ship-from: read on every order, changed rarely, so
 * remembered for a minute per process (a burst from one warehouse reads it once). An edit is seen
 * at once by the process that gets the stock location module's event (`forgetStockLocations`,
 * src/subscribers/stock-location-changed.ts), by the others within the minute.
 */
const locationAddresses = new ExpiringMap<
  string,
  { address: MedusaAddressLike | undefined }
>({ ttlMs: 60_000, maxEntries: 1_000 })

/**
 * A stock location or its address changed or went: read every location afresh. All of them,
 * since an address's event names the address, not its location, and a store has few.
 */
export function forgetStockLocations(): void {
  locationAddresses.clear()
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
    // A location without an address (or gone) is remembered as such, too.
    const cached = locationAddresses.get(locationId)
    if (cached) return cached.address
    // A failed read fails the purchase, to be tried again (the plugin's retries): taken for "no
    // address", it would buy the label from the configured origin instead of this warehouse.
    const [location] = await locations.listStockLocations(
      { id: locationId },
      { relations: ["address"] }
    )
    const address = location?.address ?? undefined
    locationAddresses.set(locationId, { address })
    return address
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

  async variants(variantIds) {
    const products = moduleService<VariantService>(Modules.PRODUCT)
    if (!products || !variantIds.length) return []
    return products.listProductVariants(
      { id: variantIds },
      {
        select: [
          "id",
          "sku",
          "title",
          "metadata",
          ...CATALOG_FIELDS,
          ...PRODUCT_FIELDS.map((f) => `product.${f}`),
          // Hazmat may be marked on the product type (parcel-services.ts).
          "product.type.id",
          "product.type.metadata",
        ],
        relations: ["product", "product.type"],
        take: variantIds.length,
      }
    )
  },

  async cartDetails(cartId) {
    const carts = moduleService<CartService>(Modules.CART)
    if (!carts || !cartId) return undefined
    return carts
      .retrieveCart(cartId, { select: ["id", "email", "metadata"] })
      .catch(() => undefined)
  },

  async linkedFulfillments(fulfillmentIds) {
    return required<ShippingServicesModuleService>(
      SHIPPING_SERVICES_MODULE,
      "The plugin's module"
    ).linkedFulfillments(fulfillmentIds)
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
    // Line items belong to orders through order_item (versioned): one row is enough.
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
