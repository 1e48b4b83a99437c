import { MedusaModule } from "@medusajs/framework/modules-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
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
  /** Variants with their product (weights, sizes, customs data), for orders read without them. */
  variants(variantIds: string[]): Promise<VariantLike[]>
  /** The order a return belongs to, found from its items' order line ids. */
  orderOfLineItems(
    lineItemIds: string[]
  ): Promise<Record<string, unknown> | undefined>
  /** Which of these fulfillments belong to an order or a return (Medusa links them last). */
  linkedFulfillments(fulfillmentIds: string[]): Promise<Set<string>>
  /** An order with its items and shipping address (the document hooks' packing slip). */
  order(orderId: string): Promise<Record<string, unknown> | undefined>
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
  retrieveStockLocation(
    id: string,
    config?: { relations?: string[] }
  ): Promise<{ address?: MedusaAddressLike | null }>
}
type ProductService = {
  listProducts(
    filters: { id: string[] },
    config?: { select?: string[]; take?: number }
  ): Promise<ProductLike[]>
  listProductVariants(
    filters: { id: string[] },
    config?: { select?: string[]; relations?: string[]; take?: number }
  ): Promise<VariantLike[]>
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
type OrderService = {
  listOrderItems(
    filters: { item_id: string[] },
    config?: { select?: string[]; take?: number }
  ): Promise<{ order_id?: string }[]>
  retrieveOrder(
    id: string,
    config?: { relations?: string[] }
  ): Promise<Record<string, unknown>>
}

/** Warehouse addresses change rarely; a burst of orders from one location reads it once. */
const LOCATION_CACHE_MS = 60_000
const locationCache = new Map<
  string,
  { address: MedusaAddressLike | undefined; until: number }
>()

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
    const cached = locationCache.get(locationId)
    if (cached && cached.until > Date.now()) return cached.address
    const location = await locations
      .retrieveStockLocation(locationId, { relations: ["address"] })
      .catch(() => undefined)
    const address = location?.address ?? undefined
    locationCache.set(locationId, {
      address,
      until: Date.now() + LOCATION_CACHE_MS,
    })
    return address
  },

  async products(productIds) {
    const products = moduleService<ProductService>(Modules.PRODUCT)
    if (!products || !productIds.length) return []
    return products.listProducts(
      { id: productIds },
      {
        select: ["id", "title", "handle", ...CATALOG_FIELDS, "metadata"],
        take: productIds.length,
      }
    )
  },

  async variants(variantIds) {
    const products = moduleService<ProductService>(Modules.PRODUCT)
    if (!products || !variantIds.length) return []
    return products.listProductVariants(
      { id: variantIds },
      {
        select: [
          "id",
          "sku",
          "title",
          ...CATALOG_FIELDS,
          "product.id",
          "product.title",
          "product.handle",
          "product.metadata",
          ...CATALOG_FIELDS.map((f) => `product.${f}`),
        ],
        relations: ["product"],
        take: variantIds.length,
      }
    )
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
