export type DeliveryPromise = {
  /** YYYY-MM-DD, the carrier's local date. */
  earliest: string
  /** The same as earliest for a single day. */
  latest: string
  /** deliveryCommitment.guarantee other than NONE. */
  guaranteed: boolean
}

const DAY = /^\d{4}-\d{2}-\d{2}/

function days(value: unknown): number | null {
  const n =
    typeof value === "string" || typeof value === "number" ? Number(value) : NaN
  return Number.isInteger(n) && n >= 0 && n < 366 ? n : null
}

/** Monday to Friday, as YYYY-MM-DD. */
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

/** Counted from the quote's day; null when the service gave no commitment: nothing is promised then. */
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

/** By the last parcel's days; null when any has none (a promise covers the whole order or nothing). */
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
