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
  /** A rate-shopping option's: every service the one call rated (doc 4, no serviceId). */
  rates?: RatedService[]
  /** A rate-shopping option's: the service these amount and commitment are of. */
  service_id?: string
}

/** One entry of a rates answer without serviceId. */
export type RatedService = {
  service_id: string
  amount: number | null
  currency: string | null
  commitment: Record<string, unknown> | null
}

/** A quote younger than `ttlMs` stands for the service's answer now. Pure. */
export function isFresh(quote: Quote, ttlMs: number, now: Date): boolean {
  return now.getTime() - new Date(quote.quoted_at).getTime() < ttlMs
}
