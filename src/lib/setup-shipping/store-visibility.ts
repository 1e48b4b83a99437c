import { LANE_LABEL } from "./words"
import { optionsOfLocation } from "./draft"
import type { LocationPlan, SetupSnapshot } from "./types"

type Offer = {
  service: string
  is_return: boolean
  countries: Set<string>
  channels: Set<string>
  where: string
}

/**
 * A second warehouse's option for a service already offered there is admin-only, so shoppers see it
 * once; the first location keeps it in the store. Mutates the plans' options.
 */
export function storeVisibility(
  snapshot: SetupSnapshot,
  locations: LocationPlan[]
): string[] {
  const channelsOf = (id: string, link: LocationPlan["sales_channel_link"]) =>
    new Set([
      ...(snapshot.locations.find((l) => l.id === id)?.sales_channel_ids ?? []),
      ...(link ? [link.sales_channel_id] : []),
    ])
  const existing = new Map(
    snapshot.locations.flatMap((l) =>
      optionsOfLocation(l).map(({ option }) => [option.id, option] as const)
    )
  )
  const offers: Offer[] = snapshot.locations.flatMap((l) =>
    optionsOfLocation(l)
      .filter(
        ({ option }) =>
          option.in_store &&
          option.service &&
          option.provider_id === snapshot.provider_id
      )
      .map(({ zone, option }) => ({
        service: option.service!,
        is_return: option.is_return,
        countries: new Set(zone.countries),
        channels: channelsOf(l.id, null),
        where: `“${option.name}” from “${l.name}”`,
      }))
  )
  const notes: string[] = []
  for (const location of locations) {
    const channels = channelsOf(location.id, location.sales_channel_link)
    for (const o of location.options) {
      if (o.status === "exists" || o.status === "foreign")
        o.in_store = (o.id ? existing.get(o.id)?.in_store : undefined) ?? true
      if (o.status !== "create") continue
      const offered = offers.find(
        (offer) =>
          offer.service === o.service &&
          offer.is_return === o.is_return &&
          o.countries.some((c) => offer.countries.has(c)) &&
          [...channels].some((c) => offer.channels.has(c))
      )
      o.in_store = !offered
      if (offered)
        notes.push(
          `“${o.name}”${o.is_return ? " (return)" : ""} from “${location.name}” (${LANE_LABEL[o.lane].toLowerCase()}) is made for the admin only: ${offered.where} already offers it to shoppers of the same sales channel and countries. Checkout prices each item from the warehouse Medusa reserves it at; fulfill from “${location.name}” with this option.`
        )
      else
        offers.push({
          service: o.service,
          is_return: o.is_return,
          countries: new Set(o.countries),
          channels,
          where: `“${o.name}” from “${location.name}”`,
        })
    }
  }
  return notes
}
