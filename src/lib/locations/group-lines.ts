// The same grouping serves Medusa's reservations (an order) and checkout's predicted ones (a cart).

export type LineReservation = {
  location_id: string | null
  quantity: number | string
}

/** Where most of its stock is reserved (ties: first reserved, Medusa's order), else the option's location. */
export function locationOfLine(
  reservations: readonly LineReservation[] | undefined,
  fallback: string | null
): string | null {
  const byLocation = new Map<string, number>()
  for (const r of reservations ?? [])
    if (r.location_id)
      byLocation.set(
        r.location_id,
        (byLocation.get(r.location_id) ?? 0) + Number(r.quantity)
      )
  let best: [string, number] | undefined
  for (const entry of byLocation) if (!best || entry[1] > best[1]) best = entry
  return best?.[0] ?? fallback
}

export type LocationGroup<L> = {
  /** Null only when neither the line nor the shipping option has a location. */
  location_id: string | null
  lines: L[]
}

/** Groups in the order of their first line; every line in exactly one group. */
export function groupLinesByLocation<L extends { id: string }>(
  lines: readonly L[],
  reservations: ReadonlyMap<string, readonly LineReservation[]>,
  fallback: string | null
): LocationGroup<L>[] {
  const groups = new Map<string | null, LocationGroup<L>>()
  for (const line of lines) {
    const location = locationOfLine(reservations.get(line.id), fallback)
    const group =
      groups.get(location) ??
      groups.set(location, { location_id: location, lines: [] }).get(location)!
    group.lines.push(line)
  }
  return [...groups.values()]
}
