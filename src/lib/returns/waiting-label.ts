import type { AwaitingReturnLabel } from "../shipments/fulfillment-data"
import { nextAttemptAt } from "../auto-fulfillment/attempts"

/**
 * The return label of an exchange or a claim while it waits (bought after Medusa confirmed the
 * change's return labels): what a failed purchase records on the
 * fulfillment, when the plugin's sweep tries it again, and what the admin is told. Pure.
 */

export type RetryPolicy = {
  /** autoFulfill.maxAttempts: failed purchases before the plugin stops trying on its own. */
  maxAttempts: number
  /** autoFulfill.backoffMs: the delay before the second try, doubled after each failure. */
  backoffMs: number
  /** How long the change's own event has to buy it before the sweep looks (a lost event). */
  quietMs: number
}

/**
 * The marker after a failed purchase: one attempt spent, unless the failure was not the label's
 * (`away`: the service not answering, or another process holding the label).
 */
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

/**
 * When the sweep tries the label again: after the quiet time when nothing failed yet (the
 * change's event was lost), at once after a failure the service's absence caused (the sweep
 * runs only while it answers), else with the backoff; null once the attempts are spent.
 */
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

/** A waiting return label as the order widget shows it. */
export type WaitingReturnLabelView = {
  return_id: string
  /** The exchange or claim whose return part it is. */
  kind: "exchange" | "claim" | "return"
  id: string
  fulfillment_id: string
  attempts: number
  last_error: { message: string; at: string } | null
  /** When the plugin tries again on its own; null when it stopped (attempts spent). */
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
