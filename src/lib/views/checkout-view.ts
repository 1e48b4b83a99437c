import type { DeliveryPromise } from "../quotes/delivery-promise"

export type CheckoutView = {
  /** `last_quote` / `flat`: the outage fallback, not quoted live; null: a flat-priced option. */
  price_source: "live" | "last_quote" | "flat" | null
  /** When the postage was not quoted live. */
  price_note: string | null
  /** When the service gave a delivery commitment. */
  delivery_promise: DeliveryPromise | null
}

type MethodData = {
  option_id?: unknown
  price_quote?: { source?: unknown; amount?: unknown; quoted_at?: unknown }
  delivery_promise?: Partial<DeliveryPromise>
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A fallback price shows only while the method still costs it: a cart refreshed later was priced live. */
export function checkoutView(
  methods: { amount?: unknown; data?: unknown }[]
): CheckoutView | null {
  const ours = methods.filter(
    (m) => typeof (m.data as MethodData | null)?.option_id === "string"
  )
  // Another provider's method may have an option_id too.
  const method =
    ours.find((m) => {
      const d = m.data as MethodData
      return !!d.price_quote || !!d.delivery_promise
    }) ?? ours[0]
  if (!method) return null
  const data = method.data as MethodData
  const quote = data.price_quote
  const source =
    quote?.source === "live" ||
    quote?.source === "last_quote" ||
    quote?.source === "flat"
      ? quote.source
      : null
  const sameAmount =
    typeof quote?.amount === "number" &&
    Math.round(Number(method.amount) * 100) === Math.round(quote.amount * 100)
  const fallback = source && source !== "live" && sameAmount ? source : null
  const p = data.delivery_promise
  const promise =
    p &&
    typeof p.earliest === "string" &&
    DAY.test(p.earliest) &&
    typeof p.latest === "string" &&
    DAY.test(p.latest)
      ? { earliest: p.earliest, latest: p.latest, guaranteed: !!p.guaranteed }
      : null
  return {
    price_source: fallback ?? (source === "live" ? "live" : null),
    price_note:
      fallback === "last_quote"
        ? `Postage not quoted live: the service was not answering at checkout; the price is its last quote for this cart${typeof quote?.quoted_at === "string" ? ` (${quote.quoted_at.slice(0, 16).replace("T", " ")} UTC)` : ""}.`
        : fallback === "flat"
          ? "Postage not quoted live: the service was not answering at checkout; the price is the option's fallback amount (services[].fallbackPrice)."
          : null,
    delivery_promise: promise,
  }
}
