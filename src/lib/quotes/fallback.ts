import type { Quote } from "./quote"

/**
 * `services[].fallbackPrice`: what a calculated option costs at checkout while the service
 * cannot price it (not answering): "hide" (the option is refused until it answers), "last-quote"
 * (the price last quoted for the same cart state, the default), or flat amounts per currency
 * (`{ "usd": 9.5 }`: the last quote for the same cart state first, then the flat amount).
 */
export type PriceFallback = "hide" | "last-quote" | Record<string, number>

export type FallbackPrice =
  | { amount: number; source: "last_quote"; quoted_at: string }
  | { amount: number; source: "flat" }
  | { refused: "hidden" | "no_price" }

/**
 * The price a calculated option gets while its rates cannot be had, for one cart state: the last
 * quotes of its parcels (all of them, or none is used), else the merchant's flat amount in the
 * cart's currency, else none: checkout then refuses the option in words (never a 5xx). Pure.
 */
export function fallbackPriceOf(
  fallback: PriceFallback | undefined,
  currency: string | null | undefined,
  lastQuotes: (Quote | null)[]
): FallbackPrice {
  if (fallback === "hide") return { refused: "hidden" }
  if (lastQuotes.length && lastQuotes.every((q): q is Quote => !!q)) {
    const cents = lastQuotes.reduce((s, q) => s + Math.round(q.amount * 100), 0)
    const oldest = lastQuotes
      .map((q) => q.quoted_at)
      .sort()
      .at(0)!
    return { amount: cents / 100, source: "last_quote", quoted_at: oldest }
  }
  if (fallback && fallback !== "last-quote" && currency) {
    const amount = fallback[currency.toLowerCase()]
    if (amount !== undefined) return { amount, source: "flat" }
  }
  return { refused: "no_price" }
}

/** The shopper's words for an option that cannot be priced now. Pure. */
export function unpricedWords(serviceName: string): string {
  return `${serviceName} cannot be priced right now; choose another shipping option`
}
