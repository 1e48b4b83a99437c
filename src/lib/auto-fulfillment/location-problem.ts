/**
 * What stops a stock location's parcels before anything is bought, in the admin's words: a
 * location Medusa reserved stock at but not linked to the plugin's provider, or one without an
 * address in a shop of several warehouses (its label would otherwise ship from another one; a
 * shop with one location may leave it without an address and set the plugin's `origin`). Null
 * when it can ship. Pure.
 */
export function locationProblem(
  location:
    | { name: string | null; has_address: boolean; provider_ids: string[] }
    | undefined,
  opts: { providerId: string; several: boolean }
): string | null {
  if (!location)
    return "The stock location its items are reserved at no longer exists: allocate them again in Medusa's admin, then Retry"
  const name = location.name ? `“${location.name}”` : "of these items"
  if (!location.provider_ids.includes(opts.providerId))
    return `The stock location ${name} is not linked to the shipping services provider: link it in Medusa's admin (Settings → Locations → ${location.name ?? "the location"} → Fulfillment providers), then Retry`
  if (opts.several && !location.has_address)
    return `The stock location ${name} has no address: give it one in Medusa's admin (Settings → Locations), then Retry; its parcels are not shipped from another warehouse`
  return null
}
