import type { DeliveryPromise } from "../quotes/delivery-promise"
import type { ComparedRate, RateChoice } from "./rate-choice"

export type RateCandidate = {
  service_id: string
  /** Null when the answer had none for it. */
  amount: number | null
  currency: string | null
  delivery: DeliveryPromise | null
  delivery_days: number | null
  /** In words; null when no rule refuses it for this parcel. */
  broken: string | null
}

export type ChoiceInput = {
  strategy: RateChoice["strategy"]
  /** The first candidate. */
  default_service_id: string
  candidates: readonly RateCandidate[]
  /** A rate in another cannot be charged as shown. */
  currency: string | null | undefined
  /** None at checkout, where it is being made. */
  promise: DeliveryPromise | null
  /** Bought when no service keeps the promise. */
  promised_service_id: string | null
}

const cents = (n: number) => Math.round(n * 100) / 100
const upper = (c: string | null | undefined) => c?.toUpperCase() ?? null

/** A rule, no rate, or another currency. */
function unbuyable(c: RateCandidate, currency: string | null | undefined) {
  if (c.broken) return c.broken
  if (c.amount === null) return "the rates answer has no rate for it"
  if (currency && c.currency && upper(c.currency) !== upper(currency))
    return `priced in ${upper(c.currency)}, the order is in ${upper(currency)}`
  return null
}

function late(c: RateCandidate, promise: DeliveryPromise | null) {
  if (!promise) return null
  if (!c.delivery) return `no delivery date: cannot promise ${promise.latest}`
  return c.delivery.latest > promise.latest
    ? `arrives by ${c.delivery.latest}, after the promised ${promise.latest}`
    : null
}

/** Earliest delivery first (none last), then the cheaper, then the option's order. */
function faster(a: ComparedRate, b: ComparedRate): number {
  const da = a.delivery_date ?? "9999"
  const db = b.delivery_date ?? "9999"
  return da < db ? -1 : da > db ? 1 : (a.amount ?? 0) - (b.amount ?? 0)
}

/** The cheaper first, then the earlier delivery, then the option's order. */
function cheaper(a: ComparedRate, b: ComparedRate): number {
  return (a.amount ?? 0) - (b.amount ?? 0) || faster(a, b)
}

/**
 * Cheapest (or fastest) of those allowed, in currency and keeping the promise; else the promising
 * service, else the fastest buyable. Null when none can be bought: `compared` says why of each.
 */
export function chooseRate(input: ChoiceInput): {
  choice: RateChoice | null
  compared: ComparedRate[]
} {
  const compared: ComparedRate[] = input.candidates.map((c) => ({
    service_id: c.service_id,
    amount: c.amount,
    currency: c.currency,
    delivery_date: c.delivery?.latest ?? null,
    delivery_days: c.delivery_days,
    refused: unbuyable(c, input.currency) ?? late(c, input.promise),
  }))
  const buyable = compared.filter(
    (_, i) => !unbuyable(input.candidates[i]!, input.currency)
  )
  const order = input.strategy === "fastest" ? faster : cheaper
  const chosen =
    compared.filter((c) => !c.refused).sort(order)[0] ??
    buyable.find((c) => c.service_id === input.promised_service_id) ??
    [...buyable].sort(faster)[0]
  if (!chosen) return { choice: null, compared }
  const bought = compared.map((c) =>
    c === chosen ? { ...c, refused: null } : c
  )
  const base = compared.find((c) => c.service_id === input.default_service_id)
  const comparable =
    base?.amount != null &&
    chosen.amount !== null &&
    upper(base.currency) === upper(chosen.currency)
  return {
    compared: bought,
    choice: {
      strategy: input.strategy,
      default_service_id: input.default_service_id,
      chosen_service_id: chosen.service_id,
      promised_date: input.promise?.latest ?? null,
      compared: bought,
      saving: comparable ? cents(base!.amount! - chosen.amount!) : null,
      currency: chosen.currency,
    },
  }
}
