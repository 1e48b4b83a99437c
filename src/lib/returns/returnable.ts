/** An order line as Medusa's order module returns it: the line, and its quantities in `detail`. */
export type OrderLineQuantities = {
  id: string
  detail?: {
    fulfilled_quantity?: unknown
    return_requested_quantity?: unknown
  } | null
}

export type ReturnedItem = {
  line_item_id?: string | null
  quantity?: number | string | null
}

/**
 * Medusa's own rule for returning order lines — the RETURN_ITEM action of its order module
 * (`@medusajs/order` dist/utils/actions/return-item.js, 2.21): a line may be returned up to what
 * was fulfilled minus what earlier returns requested — in Medusa's words. Pure.
 *
 * Why the plugin asks it too: `createAndCompleteReturnOrderWorkflow` (POST /store/returns) runs
 * the return's fulfillment — the provider buying the label — before `createCompleteReturnStep`,
 * where Medusa applies this rule; and a return label cannot be voided (shared/spec/4). A second
 * request for the same items would buy a label, then fail. Asked first, with the order as the
 * provider reads it, a return Medusa refuses buys nothing. Not a policy of the plugin: the same
 * rule, the same quantities, the same message; windows and reasons stay Medusa's alone.
 *
 * A line without quantities (another shape of order) is left to Medusa.
 */
export function returnQuantityViolations(
  lines: readonly OrderLineQuantities[],
  items: readonly ReturnedItem[]
): string[] {
  const byId = new Map(lines.map((l) => [l.id, l]))
  const asked = new Map<string, number>()
  for (const item of items) {
    if (!item.line_item_id) continue
    asked.set(
      item.line_item_id,
      (asked.get(item.line_item_id) ?? 0) + Number(item.quantity ?? 0)
    )
  }
  const violations: string[] = []
  for (const [id, quantity] of asked) {
    const detail = byId.get(id)?.detail
    if (!detail || detail.fulfilled_quantity == null) continue
    const available =
      Number(detail.fulfilled_quantity) -
      Number(detail.return_requested_quantity ?? 0)
    if (quantity > available)
      violations.push(
        `Cannot request to return more items than what was fulfilled for item ${id}.`
      )
  }
  return violations
}
