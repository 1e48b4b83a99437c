import { VARIANTS, type Variant } from "../../shipping-api/constants"
import { VARIANT_TRAITS } from "../../shipping-api/variant-traits"

/** The variants every parcel of which crosses a border (a filter of Ready to ship). */
export const ALWAYS_CROSS_BORDER: readonly Variant[] = VARIANTS.filter(
  (v) => VARIANT_TRAITS[v].alwaysCrossBorder
)

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
  if (VARIANT_TRAITS[variant].alwaysCrossBorder) return "cross-border"
  if (
    toCountry &&
    originCountry &&
    toCountry.toUpperCase() !== originCountry.toUpperCase()
  )
    return "cross-border"
  return "domestic"
}
