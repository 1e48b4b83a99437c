import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { VariantStock } from "../../lib/locations/reservation-rule"
import type { MedusaAddressLike } from "./mapping/address"
import type { ProductLike, VariantLike } from "./mapping/types"

/**
 * What the provider needs beyond the fulfillment module's container: the plugin's module and read-only catalog
 * and location data, through Medusa's registry. Tests pass their own.
 */
export type ProviderPorts = {
  shipments(): ShippingServicesModuleService
  stockLocationAddress(
    locationId: string
  ): Promise<MedusaAddressLike | undefined>
  products(productIds: string[]): Promise<ProductLike[]>
  /** In Query's order, with address and sales channels. */
  shopLocations(): Promise<ShopLocation[]>
  /** Shared across one checkout's dry runs by `cart` and `keepMs`. */
  variantStock(
    variantIds: string[],
    opts?: { cart?: string | null; keepMs?: number }
  ): Promise<VariantStock[]>
  variants(variantIds: string[]): Promise<VariantLike[]>
  /** Medusa leaves them out of a price calculation's context. */
  cartDetails(cartId: string): Promise<
    | {
        email?: string | null
        currency_code?: string | null
        metadata?: Record<string, unknown> | null
        sales_channel_id?: string | null
      }
    | undefined
  >
  /** Found from its items' order line ids. */
  orderOfLineItems(
    lineItemIds: string[]
  ): Promise<Record<string, unknown> | undefined>
  /** Medusa links them last. */
  linkedFulfillments(fulfillmentIds: string[]): Promise<Set<string>>
  /** For the packing slip. */
  order(orderId: string): Promise<Record<string, unknown> | undefined>
  /** Including those an exchange or claim being made added (not yet in the order's items). */
  lineItems(ids: string[]): Promise<Record<string, unknown>[]>
}

export type ShopLocation = {
  id: string
  name: string | null
  address: MedusaAddressLike | null
  sales_channel_ids: string[]
}
