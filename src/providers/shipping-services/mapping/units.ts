/** Conversions from the catalog's units (options.catalogUnits) to the service's OZ and IN. */

export type WeightUnit = "g" | "kg" | "oz" | "lb"
export type LengthUnit = "mm" | "cm" | "m" | "in"

const OUNCES_PER: Record<WeightUnit, number> = {
  g: 1 / 28.349523125,
  kg: 1000 / 28.349523125,
  oz: 1,
  lb: 16,
}

const INCHES_PER: Record<LengthUnit, number> = {
  mm: 1 / 25.4,
  cm: 1 / 2.54,
  m: 100 / 2.54,
  in: 1,
}

/**
 * Rounds up at `decimals`: a declared weight or size must never be below the real one (the
 * carrier re-weighs and surcharges). The epsilon absorbs float noise such as 3.0000000004.
 */
export function ceilTo(value: number, decimals: number): number {
  const f = 10 ** decimals
  return Math.ceil(value * f - 1e-6) / f
}

export function toOunces(value: number, unit: WeightUnit, decimals = 2): number {
  return ceilTo(value * OUNCES_PER[unit], decimals)
}

export function toInches(value: number, unit: LengthUnit, decimals = 2): number {
  return ceilTo(value * INCHES_PER[unit], decimals)
}
