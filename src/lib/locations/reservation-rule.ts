/**
 * Medusa 2.21's own reservation rule (`prepareConfirmInventoryInput`), predicted for a cart: candidates
 * in Medusa's order, the first covering the quantity, else the first with a level, else the first;
 * availability is not lowered between lines (Medusa does not either).
 */

export type InventoryLevelStock = {
  location_id: string
  stocked_quantity?: number | string | null
  reserved_quantity?: number | string | null
}

export type VariantStock = {
  id: string
  manage_inventory?: boolean | null
  allow_backorder?: boolean | null
  inventory_items?:
    | {
        inventory_item_id: string
        required_quantity?: number | string | null
        /** In the order Medusa's query gives them. */
        location_levels?: InventoryLevelStock[] | null
      }[]
    | null
}

export type LineToReserve = {
  id: string
  variant_id?: string | null
  quantity: number
}

export type PredictedReservation = {
  inventory_item_id: string
  /** Null when Medusa would have no location (it refuses the cart itself). */
  location_id: string | null
  quantity: number
}

export type LinePrediction =
  | { line_id: string; managed: false }
  | {
      line_id: string
      managed: true
      reservations: PredictedReservation[]
      /** Why Medusa would refuse to complete the cart over this line; the reservations are then a guess. */
      unreservable?: "no-location-in-sales-channel" | "no-inventory-item"
    }

export type LocationChannels = {
  id: string
  sales_channel_ids: readonly string[]
}

const num = (v: number | string | null | undefined): number =>
  v === null || v === undefined || v === "" ? 0 : Number(v)

type Item = NonNullable<VariantStock["inventory_items"]>[number]

/** Medusa's walk never reaches an item whose levels all sit at locations linked to no sales channel. */
function itemSeen(
  item: Item,
  locations: ReadonlyMap<string, LocationChannels>
) {
  const levels = item.location_levels ?? []
  if (!levels.length) return true
  return levels.some((level) => {
    const location = locations.get(level.location_id)
    return !location || location.sales_channel_ids.length > 0
  })
}

/** Variant by variant in the lines' order, item by item, level by level. */
export function candidateLocations(
  lines: readonly LineToReserve[],
  variants: ReadonlyMap<string, VariantStock>,
  channelLocationIds: ReadonlySet<string>
): string[] {
  const out = new Set<string>()
  for (const variantId of variantOrder(lines)) {
    for (const item of variants.get(variantId)?.inventory_items ?? [])
      for (const level of item.location_levels ?? [])
        if (channelLocationIds.has(level.location_id))
          out.add(level.location_id)
  }
  return [...out]
}

/** Each once, in the order of its lines (Medusa's `variants`). */
function variantOrder(lines: readonly LineToReserve[]): string[] {
  const seen = new Set<string>()
  for (const line of lines) if (line.variant_id) seen.add(line.variant_id)
  return [...seen]
}

export function predictReservations(input: {
  lines: readonly LineToReserve[]
  variants: readonly VariantStock[]
  sales_channel_id: string
  locations: readonly LocationChannels[]
}): LinePrediction[] {
  const locations = new Map(input.locations.map((l) => [l.id, l]))
  const channelLocationIds = new Set(
    input.locations
      .filter((l) => l.sales_channel_ids.includes(input.sales_channel_id))
      .map((l) => l.id)
  )
  const variants = new Map(
    input.variants.map((v) => [
      v.id,
      {
        ...v,
        inventory_items: (v.inventory_items ?? []).filter((i) =>
          itemSeen(i, locations)
        ),
        seen:
          !v.inventory_items?.length ||
          v.inventory_items.some((i) => itemSeen(i, locations)),
      },
    ])
  )
  const candidates = candidateLocations(
    input.lines,
    variants,
    channelLocationIds
  )
  // stocked − reserved
  const available = new Map<string, Map<string, number>>()
  for (const v of variants.values())
    for (const item of v.inventory_items)
      for (const level of item.location_levels ?? []) {
        const at =
          available.get(level.location_id) ??
          available.set(level.location_id, new Map()).get(level.location_id)!
        at.set(
          item.inventory_item_id,
          num(level.stocked_quantity) - num(level.reserved_quantity)
        )
      }
  const cartHasInventoryItems = input.lines.some(
    (l) =>
      !!l.variant_id && !!variants.get(l.variant_id)?.inventory_items.length
  )
  return input.lines.map((line): LinePrediction => {
    const variant = line.variant_id ? variants.get(line.variant_id) : undefined
    if (!variant?.seen || !variant.manage_inventory)
      return { line_id: line.id, managed: false }
    const items = variant.inventory_items
    const inChannel = items.some((i) =>
      (i.location_levels ?? []).some((l) =>
        channelLocationIds.has(l.location_id)
      )
    )
    // Medusa refuses a managed variant without an inventory item only when the cart holds some.
    const unreservable =
      !inChannel && !variant.allow_backorder
        ? ("no-location-in-sales-channel" as const)
        : !items.length && cartHasInventoryItems
          ? ("no-inventory-item" as const)
          : undefined
    const reservations = items.map((item) => {
      const needed = num(item.required_quantity ?? 1) * line.quantity
      const withStock = candidates.filter(
        (loc) =>
          (available.get(loc)?.get(item.inventory_item_id) ?? 0) >= needed
      )
      const withLevel = candidates.filter(
        (loc) => available.get(loc)?.has(item.inventory_item_id) ?? false
      )
      const chosen = withStock.length
        ? withStock
        : withLevel.length
          ? withLevel
          : candidates
      return {
        inventory_item_id: item.inventory_item_id,
        location_id: chosen[0] ?? null,
        quantity: needed,
      }
    })
    return {
      line_id: line.id,
      managed: true,
      reservations,
      ...(unreservable ? { unreservable } : {}),
    }
  })
}
