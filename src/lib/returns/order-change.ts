/**
 * Exchanges and claims, as far as their return (inbound) part concerns the plugin. Pure.
 *
 * Medusa creates the return of an exchange or a claim with the change and confirms both at once
 * (`confirmExchangeRequestWorkflow`, `confirmClaimRequestWorkflow`), emitting only
 * `order.exchange_created` { order_id, exchange_id } or `order.claim_created` { order_id,
 * claim_id }: no `order.return_requested`. The return carries the change's id (`exchange_id`,
 * `claim_id`).
 */

export type OrderChangeKind = "exchange" | "claim"

/** An exchange or a claim: which, and its id. */
export type OrderChangeRef = { kind: OrderChangeKind; id: string }

/** Medusa's events of a confirmed exchange and claim. */
export const ORDER_CHANGE_EVENTS: Record<OrderChangeKind, string> = {
  exchange: "order.exchange_created",
  claim: "order.claim_created",
}

/**
 * The change an event names: Medusa's `order.exchange_created` / `order.claim_created`, or the
 * plugin's retry of one ({ kind, id }). Undefined for anything else or a payload without an id.
 */
export function orderChangeOfEvent(
  name: string,
  data: Record<string, unknown> | null | undefined
): OrderChangeRef | undefined {
  const id = (value: unknown) =>
    typeof value === "string" && value ? value : undefined
  if (name === ORDER_CHANGE_EVENTS.exchange) {
    const exchangeId = id(data?.exchange_id)
    return exchangeId ? { kind: "exchange", id: exchangeId } : undefined
  }
  if (name === ORDER_CHANGE_EVENTS.claim) {
    const claimId = id(data?.claim_id)
    return claimId ? { kind: "claim", id: claimId } : undefined
  }
  const kind = data?.kind
  const changeId = id(data?.id)
  return (kind === "exchange" || kind === "claim") && changeId
    ? { kind, id: changeId }
    : undefined
}

/** The change a Medusa return belongs to, or undefined for a return of its own. */
export function changeOfReturn(ret: {
  exchange_id?: string | null
  claim_id?: string | null
}): OrderChangeRef | undefined {
  if (ret.exchange_id) return { kind: "exchange", id: ret.exchange_id }
  if (ret.claim_id) return { kind: "claim", id: ret.claim_id }
  return undefined
}

/**
 * Why the customer may not cancel this return alone, or null: the return of an exchange or a
 * claim is part of the change the merchant confirmed (its new items are on their way), and is
 * withdrawn with it by the merchant.
 */
export function changeReturnCancelRefusal(ret: {
  id: string
  exchange_id?: string | null
  claim_id?: string | null
}): string | null {
  const change = changeOfReturn(ret)
  if (!change) return null
  const part = change.kind === "exchange" ? "an exchange" : "a claim"
  return `Return ${ret.id} is part of ${part} (${change.id}): the store cancels it with the ${change.kind}`
}
