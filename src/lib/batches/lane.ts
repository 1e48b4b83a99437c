import type { Variant } from "../../shipping-api/constants"

/** Ready to ship's lanes: parcels that stay in the country, and parcels that cross a border (customs). */
export const LANES = ["domestic", "cross-border"] as const
export type Lane = (typeof LANES)[number]

/**
 * The lane of an order: the cross-border variant always is; any other option is when the
 * destination is in another country than the origin (its request then carries customs, doc 2).
 * Pure.
 */
export function laneOf(
  variant: Variant,
  toCountry: string | null | undefined,
  originCountry: string | null | undefined
): Lane {
  if (variant === "cross-border") return "cross-border"
  if (
    toCountry &&
    originCountry &&
    toCountry.toUpperCase() !== originCountry.toUpperCase()
  )
    return "cross-border"
  return "domestic"
}
