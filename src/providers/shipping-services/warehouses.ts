import { groupLinesByLocation } from "../../lib/locations/group-lines"
import {
  predictReservations,
  type VariantStock,
} from "../../lib/locations/reservation-rule"
import type { MedusaAddressLike } from "./mapping/address"
import type { ProviderPorts, ShopLocation } from "./ports"

/** As Medusa passes it (`from_location`). */
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
  address: MedusaAddressLike | null | undefined
}

export type CartWarehouses = {
  /** Then each must have its own address. */
  several: boolean
  /** In the order of their first line; each line in exactly one. */
  groups: { warehouse: Warehouse; line_ids: string[] }[]
}

export type CartLineStock = {
  id: string
  variant_id?: string | null
  quantity: number
}

/** Only with several locations and another location in the sales channel; else all ship from the option's. */
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

/** Pure. */
export function warehousesOfCart(input: {
  /** Medusa's rule reads them all. */
  lines: readonly CartLineStock[]
  shipped: readonly string[]
  option: OptionLocation
  locations: readonly ShopLocation[]
  sales_channel_id?: string | null
  /** Null when it does not decide. */
  stock: readonly VariantStock[] | null
}): CartWarehouses {
  const optionId = input.option?.id ?? null
  const known = new Map(input.locations.map((l) => [l.id, l]))
  const warehouseOf = (id: string | null): Warehouse =>
    id === optionId
      ? {
          id,
          name: input.option?.name ?? (id ? known.get(id)?.name : null) ?? null,
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
      // Medusa will refuse to reserve it at completion; priced from the option's location meanwhile.
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

/** Stock is read only where it decides, once per cart state. */
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
  /** Its stock read is kept as long as its quotes. */
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
