/** Every refusal answers the same 404, so the answer never tells whether the order exists. */
export const RETURN_REFUSALS = [
  "no_session",
  "unknown_order",
  "other_customer",
] as const
export type ReturnRefusal = (typeof RETURN_REFUSALS)[number]

/** `order` undefined: not found. */
export function returnRefusal(input: {
  requireCustomer: boolean
  customerId: string | undefined
  order: { customer_id?: string | null } | undefined
}): ReturnRefusal | null {
  if (!input.requireCustomer) return null
  if (!input.customerId) return "no_session"
  if (!input.order) return "unknown_order"
  if (!input.order.customer_id || input.order.customer_id !== input.customerId)
    return "other_customer"
  return null
}

export type ReturnRefusalCounts = Record<ReturnRefusal, number> & {
  total: number
  last_at: string | null
}

export function refusalCountsOf(
  value: Record<string, unknown> | undefined
): ReturnRefusalCounts {
  const counts = Object.fromEntries(
    RETURN_REFUSALS.map((r) => [r, Math.max(0, Number(value?.[r] ?? 0) || 0)])
  ) as Record<ReturnRefusal, number>
  return {
    ...counts,
    total: RETURN_REFUSALS.reduce((sum, r) => sum + counts[r], 0),
    last_at: typeof value?.last_at === "string" ? value.last_at : null,
  }
}

export type ReturnsGuardView = {
  require_customer: boolean
  label_page_url: string | null
  refused: ReturnRefusalCounts
}
