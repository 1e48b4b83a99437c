import { groupLinesByLocation } from "../../lib/locations/group-lines"
import {
  predictReservations,
  type VariantStock,
} from "../../lib/locations/reservation-rule"
import type { MedusaAddressLike } from "./mapping/address"
import type { ProviderPorts, ShopLocation } from "./ports"

/**
 * The warehouses a cart will ship from, as checkout plans its parcels: each line from the stock
 * location Medusa will reserve it at when the cart is completed (predicted with Medusa's own rule:
 * src/lib/locations/reservation-rule.ts), a line without managed inventory from the shipping
 * option's location. A shop with one stock location ships everything from the option's location,
 * as it always did, without reading any stock.
 */

/** The shipping option's stock location, as Medusa passes it (`from_location`). */
export type OptionLocation =
  | {
      id?: string | null
      name?: string | null
      address?: MedusaAddressLike | null
    }
  | null
  | undefined

export type Warehouse = {
  id: string | null
  name: string | null
  /** Undefined when the location has none. */
  address: MedusaAddressLike | null | undefined
}

export type CartWarehouses = {
  /** The shop has more than one stock location: each must have its own address. */
  several: boolean
  /** The warehouses in the order of their first line; each line in exactly one. */
  groups: { warehouse: Warehouse; line_ids: string[] }[]
}

export type CartLineStock = {
  id: string
  variant_id?: string | null
  quantity: number
}

/**
 * Whether the cart's stock must be read to know where it ships from: only in a shop of several
 * locations, when the cart's sales channel has a location other than the option's (else every
 * line ships from the option's location whatever Medusa reserves).
 */
export function stockDecides(
  locations: readonly ShopLocation[],
  salesChannelId: string | null | undefined,
  optionLocationId: string | null | undefined
): boolean {
  if (locations.length < 2 || !salesChannelId) return false
  return locations.some(
    (l) =>
      l.sales_channel_ids.includes(salesChannelId) && l.id !== optionLocationId
  )
}

/** The warehouses of a cart's shipped lines. Pure. */
export function warehousesOfCart(input: {
  /** Every line of the cart, in its order (Medusa's rule reads them all). */
  lines: readonly CartLineStock[]
  /** The lines that ship, grouped. */
  shipped: readonly string[]
  option: OptionLocation
  locations: readonly ShopLocation[]
  sales_channel_id?: string | null
  /** The cart's variants' stock; null when it does not decide (stockDecides). */
  stock: readonly VariantStock[] | null
}): CartWarehouses {
  const optionId = input.option?.id ?? null
  const known = new Map(input.locations.map((l) => [l.id, l]))
  const warehouseOf = (id: string | null): Warehouse =>
    id === optionId
      ? {
          id,
          name: input.option?.name ?? (id ? known.get(id)?.name : null) ?? null,
          // Medusa's own read of the option's location, as checkout always used it.
          address: input.option?.address,
        }
      : {
          id,
          name: (id ? known.get(id)?.name : null) ?? null,
          address: id ? known.get(id)?.address : undefined,
        }
  const several = input.locations.length > 1
  if (!input.stock || !input.sales_channel_id)
    return {
      several,
      groups: input.shipped.length
        ? [{ warehouse: warehouseOf(optionId), line_ids: [...input.shipped] }]
        : [],
    }
  const predicted = predictReservations({
    lines: input.lines,
    variants: input.stock,
    sales_channel_id: input.sales_channel_id,
    locations: input.locations,
  })
  const reservations = new Map(
    predicted.flatMap((p) =>
      // A line Medusa will refuse to reserve: it will say so itself at completion; priced from
      // the option's location meanwhile.
      p.managed && !p.unreservable ? [[p.line_id, p.reservations] as const] : []
    )
  )
  const groups = groupLinesByLocation(
    input.shipped.map((id) => ({ id })),
    reservations,
    optionId
  )
  return {
    several,
    groups: groups.map((g) => ({
      warehouse: warehouseOf(g.location_id),
      line_ids: g.lines.map((l) => l.id),
    })),
  }
}

/**
 * The warehouses of a cart, read through the ports: the shop's locations (remembered a minute)
 * and, only where they decide, the cart's variants' stock (one read per cart state, kept as long
 * as its quotes: src/providers/shipping-services/ports.ts).
 */
export async function readCartWarehouses(
  ports: Pick<ProviderPorts, "shopLocations" | "variantStock">,
  cart: {
    id?: string | null
    sales_channel_id?: string | null
    items?:
      { id: string; variant_id?: string | null; quantity?: unknown }[] | null
  },
  shipped: readonly string[],
  option: OptionLocation,
  /** How long the cart state's quotes are kept: its stock read is kept as long. */
  keepMs?: number
): Promise<CartWarehouses> {
  const locations = shipped.length ? await ports.shopLocations() : []
  const lines = (cart.items ?? []).map((i) => ({
    id: i.id,
    variant_id: i.variant_id ?? null,
    quantity: Number(i.quantity ?? 0),
  }))
  const stock = stockDecides(locations, cart.sales_channel_id, option?.id)
    ? await ports.variantStock(
        lines.map((l) => l.variant_id).filter((id): id is string => !!id),
        { cart: cart.id, keepMs }
      )
    : null
  return warehousesOfCart({
    lines,
    shipped,
    option,
    locations,
    sales_channel_id: cart.sales_channel_id,
    stock,
  })
}
