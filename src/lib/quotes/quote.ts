/**
 * One service's rate for one parcel, as the rates operation gave it (doc 4), kept so that one
 * cart state costs one rates call per parcel (src/providers/shipping-services/quotes.ts), and so
 * that checkout has a price while the service is not answering (fallback.ts).
 */
export type Quote = {
  /** totalCarrierCharge, in the cart's currency. */
  amount: number
  currency: string | null
  /** The service's deliveryCommitment for it (doc 2), when it gave one. */
  commitment: Record<string, unknown> | null
  /** When the service answered it (ISO). */
  quoted_at: string
}

/** A quote younger than `ttlMs` stands for the service's answer now. Pure. */
export function isFresh(quote: Quote, ttlMs: number, now: Date): boolean {
  return now.getTime() - new Date(quote.quoted_at).getTime() < ttlMs
}
