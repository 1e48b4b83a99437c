import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ExpiringMap } from "../../lib/cache/expiring-map"

export type StockLocationFacts = {
  id: string
  name: string | null
  /** Has an address a label can ship from (a country at least). */
  has_address: boolean
  provider_ids: string[]
}

/** The shop's stock locations, remembered a minute (a burst of orders reads them once). */
const shopLocations = new ExpiringMap<
  "all",
  Promise<Map<string, StockLocationFacts>>
>({
  ttlMs: 60_000,
  maxEntries: 1,
})

/** A stock location changed, came or went: read them afresh. */
export function forgetShopLocations(): void {
  shopLocations.clear()
}

/** Concurrent orders share one read. */
export function stockLocationsOfShop(
  container: MedusaContainer
): Promise<Map<string, StockLocationFacts>> {
  const known = shopLocations.get("all")
  if (known) return known
  const read = readShopLocations(container)
  shopLocations.set("all", read)
  read.catch(() => shopLocations.delete("all"))
  return read
}

async function readShopLocations(
  container: MedusaContainer
): Promise<Map<string, StockLocationFacts>> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "stock_location",
      fields: [
        "id",
        "name",
        "address.country_code",
        "fulfillment_providers.id",
      ],
    })
  const all = new Map<string, StockLocationFacts>()
  for (const l of data as {
    id: string
    name?: string | null
    address?: { country_code?: string | null } | null
    fulfillment_providers?: { id: string }[] | null
  }[])
    all.set(l.id, {
      id: l.id,
      name: l.name ?? null,
      has_address: !!l.address?.country_code,
      provider_ids: (l.fulfillment_providers ?? []).map((p) => p.id),
    })
  return all
}

/** Where each line's stock is held (Medusa's reservations, by line item). */
export async function reservationsOf(
  container: MedusaContainer,
  lineIds: string[]
): Promise<Map<string, { location_id: string; quantity: number }[]>> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "reservation",
      fields: ["id", "line_item_id", "location_id", "quantity"],
      filters: { line_item_id: lineIds },
    })
  const out = new Map<string, { location_id: string; quantity: number }[]>()
  for (const r of data as {
    line_item_id?: string | null
    location_id: string
    quantity: number
  }[]) {
    if (!r.line_item_id) continue
    const list = out.get(r.line_item_id) ?? []
    list.push({ location_id: r.location_id, quantity: Number(r.quantity) })
    out.set(r.line_item_id, list)
  }
  return out
}
