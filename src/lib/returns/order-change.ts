// Medusa confirms an exchange's or claim's return with the change, emitting no `order.return_requested`.

export type OrderChangeKind = "exchange" | "claim"

export type OrderChangeRef = { kind: OrderChangeKind; id: string }

export const ORDER_CHANGE_EVENTS: Record<OrderChangeKind, string> = {
  exchange: "order.exchange_created",
  claim: "order.claim_created",
}

/** Medusa's event or the plugin's retry ({ kind, id }); undefined for anything else or without an id. */
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

/** Undefined for a return of its own. */
export function changeOfReturn(ret: {
  exchange_id?: string | null
  claim_id?: string | null
}): OrderChangeRef | undefined {
  if (ret.exchange_id) return { kind: "exchange", id: ret.exchange_id }
  if (ret.claim_id) return { kind: "claim", id: ret.claim_id }
  return undefined
}

/** The return of an exchange or claim is part of the confirmed change, withdrawn with it by the merchant. */
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
