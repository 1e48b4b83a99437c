import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { VariantStock } from "../../lib/locations/reservation-rule"
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
  /**
   * The shop's stock locations, with their address and sales channels, in the order Medusa's
   * Query lists them (what checkout's warehouses read).
   */
  shopLocations(): Promise<ShopLocation[]>
  /**
   * Variants' inventory: managed or not, inventory items and their levels per location. Read
   * once per cart state: `cart` (the cart's id) and `keepMs` (as long as its quotes are kept)
   * let the dry runs of one checkout share the read.
   */
  variantStock(
    variantIds: string[],
    opts?: { cart?: string | null; keepMs?: number }
  ): Promise<VariantStock[]>
  /** Variants with their product: the catalog's weights, sizes and customs data. */
  variants(variantIds: string[]): Promise<VariantLike[]>
  /** A cart's email and metadata (Medusa leaves them out of a price calculation's context). */
  cartDetails(cartId: string): Promise<
    | {
        email?: string | null
        metadata?: Record<string, unknown> | null
        sales_channel_id?: string | null
      }
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

/** A stock location of the shop, as checkout plans from it. */
export type ShopLocation = {
  id: string
  name: string | null
  address: MedusaAddressLike | null
  sales_channel_ids: string[]
}
