export type SelectedOrder = {
  order_id: string
  display_id: number | null
  found: boolean
  /** Its shipping method is an option of this provider. */
  ours: boolean
  canceled: boolean
  unfulfilled: number
  /** Created, outbound, not voided. */
  labels: number
  /** An unfinished batch it is in already. */
  in_batch: string | null
}

export type BatchMode = "buy" | "print"

export type Classified = {
  accepted: { order_id: string; display_id: number | null }[]
  refused: { order_id: string; display_id: number | null; reason: string }[]
}

/** A busy merchant's day, bounded so one request stays small. */
export const MAX_BATCH_ORDERS = 1000

/** Nothing is bought for a refused order; keeps the selection's order and drops repeats. */
export function classifySelection(
  orders: SelectedOrder[],
  mode: BatchMode
): Classified {
  const seen = new Set<string>()
  const out: Classified = { accepted: [], refused: [] }
  for (const o of orders) {
    if (seen.has(o.order_id)) continue
    seen.add(o.order_id)
    const reason = refusal(o, mode)
    if (reason)
      out.refused.push({
        order_id: o.order_id,
        display_id: o.display_id,
        reason,
      })
    else out.accepted.push({ order_id: o.order_id, display_id: o.display_id })
  }
  return out
}

function refusal(o: SelectedOrder, mode: BatchMode): string | null {
  if (!o.found) return "no such order"
  if (!o.ours)
    return "its shipping method uses another provider: the plugin cannot ship it"
  if (o.canceled) return "the order is canceled"
  if (o.in_batch) return `it is in batch ${o.in_batch}, which is still running`
  if (mode === "buy") {
    if (o.unfulfilled === 0)
      return o.labels > 0
        ? "already labelled (print it from “Labelled, not printed”)"
        : "nothing left to ship"
    return null
  }
  if (o.labels === 0) return "no label yet: buy its label first"
  return null
}
