/** What a shopper is promised for a shipping option: the day (or days) it should arrive. */
export type DeliveryPromise = {
  /** The earliest day, YYYY-MM-DD (the carrier's local date). */
  earliest: string
  /** The latest day; the same as earliest for a single day. */
  latest: string
  /** The carrier guarantees it (deliveryCommitment.guarantee other than NONE). */
  guaranteed: boolean
}

const DAY = /^\d{4}-\d{2}-\d{2}/

/** A whole number of days from the commitment's string, if it is one. */
function days(value: unknown): number | null {
  const n =
    typeof value === "string" || typeof value === "number" ? Number(value) : NaN
  return Number.isInteger(n) && n >= 0 && n < 366 ? n : null
}

/** `from` plus `n` business days (Monday to Friday), as YYYY-MM-DD. Pure. */
export function addBusinessDays(from: Date, n: number): string {
  const d = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())
  )
  let left = n
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1)
    const wd = d.getUTCDay()
    if (wd !== 0 && wd !== 6) left--
  }
  return d.toISOString().slice(0, 10)
}

/**
 * The promise a rate's deliveryCommitment makes (doc 2: estimatedDeliveryDateTime, min and max
 * estimated number of days, guarantee), counted from the day it was quoted: the latest day is
 * the estimated delivery date (or the maximum days on), the earliest the minimum days on (never
 * after the latest). Null when the service gave no commitment: nothing is promised then. Pure.
 */
export function deliveryPromiseOf(
  commitment: Record<string, unknown> | null | undefined,
  quotedAt: Date
): DeliveryPromise | null {
  if (!commitment || typeof commitment !== "object") return null
  const estimated = commitment.estimatedDeliveryDateTime
  const max = days(commitment.maxEstimatedNumberOfDays)
  const min = days(commitment.minEstimatedNumberOfDays)
  const latest =
    typeof estimated === "string" && DAY.test(estimated)
      ? estimated.slice(0, 10)
      : max !== null
        ? addBusinessDays(quotedAt, max)
        : null
  if (!latest) return null
  const fromMin = min !== null ? addBusinessDays(quotedAt, min) : latest
  const guarantee = commitment.guarantee
  return {
    earliest: fromMin < latest ? fromMin : latest,
    latest,
    guaranteed:
      typeof guarantee === "string" &&
      guarantee.trim() !== "" &&
      guarantee.trim().toUpperCase() !== "NONE",
  }
}

/**
 * The promise of an option shipped as several parcels: all of them by the last one's days.
 * Null when any parcel has none (a promise is kept for the whole order or not made). Pure.
 */
export function combinedPromise(
  promises: (DeliveryPromise | null)[]
): DeliveryPromise | null {
  if (!promises.length || promises.some((p) => !p)) return null
  const all = promises as DeliveryPromise[]
  const max = (xs: string[]) => xs.sort().at(-1)!
  return {
    earliest: max(all.map((p) => p.earliest)),
    latest: max(all.map((p) => p.latest)),
    guaranteed: all.every((p) => p.guaranteed),
  }
}
