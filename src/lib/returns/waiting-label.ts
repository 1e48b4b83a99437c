import type { AwaitingReturnLabel } from "../shipments/fulfillment-data"
import { nextAttemptAt } from "../auto-fulfillment/attempts"

export type RetryPolicy = {
  /** Failed purchases before the plugin stops trying on its own. */
  maxAttempts: number
  /** Doubled after each failure. */
  backoffMs: number
  /** How long the change's own event has to buy it before the sweep looks (a lost event). */
  quietMs: number
}

/** No attempt spent when the failure was not the label's (`away`). */
export function afterFailedPurchase(
  marker: AwaitingReturnLabel,
  failure: { message: string; away: boolean },
  now: Date
): AwaitingReturnLabel {
  const attempts = marker.attempts ?? 0
  return {
    ...marker,
    attempts: failure.away ? attempts : attempts + 1,
    last_error: {
      message: failure.message,
      at: now.toISOString(),
      ...(failure.away ? { away: true } : {}),
    },
  }
}

/** At once after an `away` failure (the sweep runs only while the service answers); null once spent. */
export function nextReturnLabelAttempt(
  marker: AwaitingReturnLabel,
  waitingSince: Date | string,
  policy: RetryPolicy
): Date | null {
  const attempts = marker.attempts ?? 0
  if (attempts >= policy.maxAttempts) return null
  const failed = marker.last_error
  if (!failed)
    return new Date(new Date(waitingSince).getTime() + policy.quietMs)
  if (failed.away) return new Date(failed.at)
  return nextAttemptAt(new Date(failed.at), attempts, policy.backoffMs)
}

export type WaitingReturnLabelView = {
  return_id: string
  /** The exchange or claim whose return part it is. */
  kind: "exchange" | "claim" | "return"
  id: string
  fulfillment_id: string
  attempts: number
  last_error: { message: string; at: string } | null
  /** Null when it stopped (attempts spent). */
  next_attempt_at: string | null
}

export function waitingReturnLabelView(input: {
  ret: { id: string; exchange_id?: string | null; claim_id?: string | null }
  fulfillmentId: string
  marker: AwaitingReturnLabel
  waitingSince: Date | string
  policy: RetryPolicy
}): WaitingReturnLabelView {
  const { ret, marker } = input
  const next = nextReturnLabelAttempt(marker, input.waitingSince, input.policy)
  return {
    return_id: ret.id,
    kind: ret.exchange_id ? "exchange" : ret.claim_id ? "claim" : "return",
    id: ret.exchange_id ?? ret.claim_id ?? ret.id,
    fulfillment_id: input.fulfillmentId,
    attempts: marker.attempts ?? 0,
    last_error: marker.last_error
      ? { message: marker.last_error.message, at: marker.last_error.at }
      : null,
    next_attempt_at: next ? next.toISOString() : null,
  }
}
