/** One rates call per parcel per cart state, and a price at checkout while the service is away. */
export type Quote = {
  /** totalCarrierCharge, in the cart's currency. */
  amount: number
  currency: string | null
  /** When it gave one (doc 2). */
  commitment: Record<string, unknown> | null
  quoted_at: string
  /** A rate-shopping option's: every service the one call rated (doc 4, no serviceId). */
  rates?: RatedService[]
  /** A rate-shopping option's: the service these amount and commitment are of. */
  service_id?: string
}

export type RatedService = {
  service_id: string
  amount: number | null
  currency: string | null
  commitment: Record<string, unknown> | null
}

export function isFresh(quote: Quote, ttlMs: number, now: Date): boolean {
  return now.getTime() - new Date(quote.quoted_at).getTime() < ttlMs
}
