import type { Quote } from "./quote"

/** While the service cannot price: "hide", "last-quote" (default), or flat amounts after the last quote. */
export type PriceFallback = "hide" | "last-quote" | Record<string, number>

export type FallbackPrice =
  | { amount: number; source: "last_quote"; quoted_at: string }
  | { amount: number; source: "flat" }
  | { refused: "hidden" | "no_price" }

/** All parcels' last quotes or none, else the flat amount; else checkout refuses in words (never a 5xx). */
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

export function unpricedWords(serviceName: string): string {
  return `${serviceName} cannot be priced right now; choose another shipping option`
}
