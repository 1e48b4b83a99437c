/**
 * An order's or a cart's lines grouped by the stock location they ship from: the location their
 * stock is (or will be) reserved at, else the shipping option's own location (a line without
 * managed inventory has no reservation). Pure; the same for the reservations Medusa made (an
 * order) and for the ones checkout predicts (a cart: ./reservation-rule.ts).
 */

export type LineReservation = {
  location_id: string | null
  quantity: number | string
}

/**
 * The location a line ships from: where most of its stock is reserved (a kit's parts may be
 * reserved at several locations; on a tie the first reserved, Medusa's own preference order),
 * else `fallback` (the shipping option's location).
 */
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

/**
 * The lines by the location they ship from, groups in the order of their first line, lines in
 * their own order. Every line is in exactly one group.
 */
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
