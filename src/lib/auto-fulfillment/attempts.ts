import type { Lane } from "../batches/lane"

/** What Ready to ship filters and sorts by, written on the order's row with it. */
export type OrderFacts = {
  option_id: string | null
  lane: Lane | null
  display_id: number | null
  placed_at: Date | null
}

/** The delay before attempt n+1: first backoff, doubled each time. Pure. */
export function nextAttemptAt(
  now: Date,
  attempts: number,
  backoffMs: number
): Date {
  return new Date(now.getTime() + backoffMs * 2 ** Math.max(0, attempts - 1))
}

/**
 * When a failed attempt is tried again: with the automatic path's backoff while attempts are
 * left; never for an admin's fulfillment (the admin sees the failure and decides). Pure.
 */
export function retryAtAfterFailure(
  mode: "automatic" | "admin",
  attempts: number,
  policy: { maxAttempts: number; backoffMs: number },
  now: Date
): Date | null {
  if (mode === "admin" || attempts >= policy.maxAttempts) return null
  return nextAttemptAt(now, attempts, policy.backoffMs)
}
