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
 * Medusa's own RETURN_ITEM rule, in its words, asked first because the return's label is bought
 * before Medusa applies it and a return label cannot be voided. Other order shapes are left to Medusa.
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
