/**
 * When `autoFulfill.on` is "captured", an order's labels are bought once its payment is captured
 * in full. Medusa's Payment Module marks a payment collection `completed` when what was captured
 * covers its amount (maybeUpdatePaymentCollection_ in @medusajs/payment 2.21); a partial capture
 * leaves it `authorized` or `partially_authorized`. Pure.
 */
export type PaymentCollectionFacts = {
  status?: string | null
}

/**
 * Whether every payment collection of the order that still counts (not canceled) is captured in
 * full, and there is one. An order edit that adds a collection for the difference waits for it.
 */
export function isCapturedInFull(
  collections: readonly PaymentCollectionFacts[] | null | undefined
): boolean {
  const live = (collections ?? []).filter((c) => c.status !== "canceled")
  return live.length > 0 && live.every((c) => c.status === "completed")
}
