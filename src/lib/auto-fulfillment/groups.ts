import { locationOfLine } from "../locations/group-lines"

export { locationOfLine }

/**
 * An order's lines → one Medusa fulfillment per shipping option of ours and stock location. Placed
 * and edited-in lines ship with the order's method, an exchange's or claim's outbound lines with
 * its own; from the location Medusa reserved them at (a kit: the one holding most parts), else the
 * option's. Pure.
 */

export type FulfillmentGroup = {
  shipping_option_id: string
  /** The stock location its labels ship from (null: the shipping option's, chosen by Medusa). */
  location_id: string | null
  items: { id: string; quantity: number }[]
}

/** A group as planned: with what stops it before anything is bought, in words (none: it can ship). */
export type PlannedGroup = FulfillmentGroup & { problem?: string | null }

export type PlanLine = {
  id: string
  /** What is left to fulfill of it. */
  quantity: number
}

/** A shipping method of the order, with the change that added it (none: the order's own). */
export type PlanMethod = {
  shipping_option_id: string | null
  exchange_id?: string | null
  claim_id?: string | null
  return_id?: string | null
}

export type LineChange = {
  exchange_id?: string | null
  claim_id?: string | null
}

export type GroupInput = {
  lines: PlanLine[]
  methods: PlanMethod[]
  /** The exchange or claim that added a line (its ITEM_ADD action); absent: placed or edited in. */
  addedBy: ReadonlyMap<string, LineChange>
  /** Each line's reservations: where Medusa holds its stock. */
  reservations: ReadonlyMap<string, { location_id: string; quantity: number }[]>
  /** Whether a shipping option is the plugin's. */
  ours: (optionId: string) => boolean
  /** The location a shipping option's fulfillment set belongs to, when known. */
  optionLocation: (optionId: string) => string | null
}

export type GroupResult = {
  groups: FulfillmentGroup[]
  /** Lines left out and why (another provider's method, or none at all). */
  skipped: { line_id: string; reason: string }[]
}

/** The outbound method a line ships with (the order's own, or its exchange's or claim's). */
export function methodOfLine(
  change: LineChange | undefined,
  methods: readonly PlanMethod[]
): PlanMethod | undefined {
  const outbound = methods.filter((m) => !m.return_id && m.shipping_option_id)
  if (change?.exchange_id)
    return outbound.find((m) => m.exchange_id === change.exchange_id)
  if (change?.claim_id)
    return outbound.find((m) => m.claim_id === change.claim_id)
  return outbound.find((m) => !m.exchange_id && !m.claim_id)
}

export function groupLines(input: GroupInput): GroupResult {
  const groups = new Map<string, FulfillmentGroup>()
  const skipped: GroupResult["skipped"] = []
  for (const line of input.lines) {
    if (line.quantity <= 0) continue
    const change = input.addedBy.get(line.id)
    const method = methodOfLine(change, input.methods)
    const optionId = method?.shipping_option_id
    if (!optionId) {
      skipped.push({
        line_id: line.id,
        reason: change
          ? `its ${change.exchange_id ? "exchange" : "claim"} has no outbound shipping method`
          : "the order has no shipping method for it",
      })
      continue
    }
    if (!input.ours(optionId)) {
      skipped.push({
        line_id: line.id,
        reason: "its shipping method uses another provider",
      })
      continue
    }
    const optionLocation = input.optionLocation(optionId)
    const location =
      locationOfLine(input.reservations.get(line.id), optionLocation) ?? null
    // Lines without a location of their own ship with the option's: one group with them.
    const key = `${optionId}|${location ?? optionLocation ?? ""}`
    const group =
      groups.get(key) ??
      groups
        .set(key, {
          shipping_option_id: optionId,
          location_id: location,
          items: [],
        })
        .get(key)!
    if (!group.location_id && location) group.location_id = location
    group.items.push({ id: line.id, quantity: line.quantity })
  }
  return { groups: [...groups.values()], skipped }
}

/** What is left of the groups once `done` (lines registered already) counts. Pure. */
export function remainingGroups<G extends FulfillmentGroup>(
  groups: readonly G[],
  done: readonly { id: string; quantity: number }[]
): G[] {
  const left = new Map<string, number>()
  for (const item of done)
    left.set(item.id, (left.get(item.id) ?? 0) + item.quantity)
  const out: G[] = []
  for (const group of groups) {
    const items = group.items
      .map((item) => {
        const already = Math.min(left.get(item.id) ?? 0, item.quantity)
        left.set(item.id, (left.get(item.id) ?? 0) - already)
        return { id: item.id, quantity: item.quantity - already }
      })
      .filter((item) => item.quantity > 0)
    if (items.length) out.push({ ...group, items })
  }
  return out
}
