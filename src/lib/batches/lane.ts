import { VARIANTS, type Variant } from "../../shipping-api/constants"
import { VARIANT_TRAITS } from "../../shipping-api/variant-traits"

/** Every parcel of these crosses a border. */
export const ALWAYS_CROSS_BORDER: readonly Variant[] = VARIANTS.filter(
  (v) => VARIANT_TRAITS[v].alwaysCrossBorder
)

export const LANES = ["domestic", "cross-border"] as const
export type Lane = (typeof LANES)[number]

/** Other variants are cross-border only when the destination is abroad (they then carry customs). */
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
