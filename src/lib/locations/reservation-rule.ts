/**
 * Where Medusa will reserve a cart's stock when the cart is completed, predicted with Medusa's own
 * rule (2.21 `prepareConfirmInventoryInput`, run by `completeCartWorkflow` before
 * `reserveInventoryStep` takes each item's first location). Pure: the caller reads the data once.
 *
 * Medusa's rule, per line and per inventory item of its variant:
 * - the candidate locations are the stock locations of the cart's sales channel that hold a level
 *   of any of the cart's inventory items, in the order Medusa meets them: variants in the order of
 *   the cart's lines, then each variant's inventory items, then each item's levels;
 * - the first candidate whose available quantity (stocked − reserved) covers
 *   `required_quantity × line quantity`; else the first candidate with a level of that item; else
 *   the first candidate at all.
 * Availability is not lowered between lines (Medusa does not either): two lines of one variant
 * are predicted alone each. Variants without managed inventory get no reservation (they ship from
 * the shipping option's location).
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
        /** The item's levels, in the order Medusa's query gives them. */
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
  /** Null when Medusa would have no location to reserve at (it refuses the cart itself). */
  location_id: string | null
  quantity: number
}

export type LinePrediction =
  /** The variant manages no inventory (or the line has none): no reservation. */
  | { line_id: string; managed: false }
  | {
      line_id: string
      managed: true
      reservations: PredictedReservation[]
      /**
       * Why Medusa would refuse to complete the cart over this line (its own check, in its
       * words' sense): no location of the sales channel holds the variant, or it has no
       * inventory item. The reservations are then a guess.
       */
      unreservable?: "no-location-in-sales-channel" | "no-inventory-item"
    }

/** A stock location of the shop and the sales channels it is linked to. */
export type LocationChannels = {
  id: string
  sales_channel_ids: readonly string[]
}

const num = (v: number | string | null | undefined): number =>
  v === null || v === undefined || v === "" ? 0 : Number(v)

type Item = NonNullable<VariantStock["inventory_items"]>[number]

/**
 * Whether Medusa's walk over the cart's data (`deepFlatMap` down to each level's stock
 * location's sales channels) reaches this inventory item at all: it does not when every level
 * sits at a location linked to no sales channel (an empty list ends the walk silently). Medusa
 * then neither reserves the item nor counts it.
 */
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

/**
 * The candidate locations in Medusa's order: the sales channel's locations holding a level of
 * the cart's inventory items, met variant by variant (in the lines' order), item by item, level
 * by level.
 */
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

/** The cart's variants, each once, in the order of its lines (Medusa's `variants`). */
function variantOrder(lines: readonly LineToReserve[]): string[] {
  const seen = new Set<string>()
  for (const line of lines) if (line.variant_id) seen.add(line.variant_id)
  return [...seen]
}

/** Each line's predicted reservations (Medusa's rule above). Pure. */
export function predictReservations(input: {
  lines: readonly LineToReserve[]
  variants: readonly VariantStock[]
  /** The cart's sales channel. */
  sales_channel_id: string
  /** The shop's stock locations with their sales channels. */
  locations: readonly LocationChannels[]
}): LinePrediction[] {
  const locations = new Map(input.locations.map((l) => [l.id, l]))
  const channelLocationIds = new Set(
    input.locations
      .filter((l) => l.sales_channel_ids.includes(input.sales_channel_id))
      .map((l) => l.id)
  )
  // What Medusa's walk reaches: its inventory items, and variants with one (or with none at all).
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
  // Available stock per location and inventory item: stocked − reserved.
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
    // Medusa's two refusals: first the sales channel's, then a managed variant without an
    // inventory item while the cart holds some (alone in the cart it is just not reserved).
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
