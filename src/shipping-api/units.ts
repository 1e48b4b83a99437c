// The one unit conversion of the project, read without case in the documents' and the catalog's spellings.

export const CATALOG_WEIGHT_UNITS = ["g", "kg", "oz", "lb"] as const
export const CATALOG_LENGTH_UNITS = ["mm", "cm", "m", "in"] as const

const GRAMS_PER_OUNCE = 28.349523125
const MM_PER_INCH = 25.4

const OUNCES_PER: Readonly<Record<string, number>> = {
  g: 1 / GRAMS_PER_OUNCE,
  gm: 1 / GRAMS_PER_OUNCE,
  kg: 1000 / GRAMS_PER_OUNCE,
  kgs: 1000 / GRAMS_PER_OUNCE,
  oz: 1,
  lb: 16,
  lbs: 16,
  pounds: 16,
}

const INCHES_PER: Readonly<Record<string, number>> = {
  mm: 1 / MM_PER_INCH,
  cm: 10 / MM_PER_INCH,
  m: 1000 / MM_PER_INCH,
  in: 1,
}

function factor(
  table: Readonly<Record<string, number>>,
  unit: string,
  kind: string
): number {
  const f = table[unit.trim().toLowerCase()]
  // Callers pass units a schema accepted: an unknown one is a bug, not bad input.
  if (f === undefined) throw new RangeError(`unknown ${kind} unit "${unit}"`)
  return f
}

/** A declared weight or size must never be below the real one (the carrier re-weighs and surcharges). */
export function ceilTo(value: number, decimals: number): number {
  const f = 10 ** decimals
  return Math.ceil(value * f - 1e-6) / f
}

const rounded = (value: number, decimals?: number) =>
  decimals === undefined ? value : ceilTo(value, decimals)

/** Rounded up at `decimals` when given, exact otherwise. */
export function toOunces(
  value: number,
  unit: string,
  decimals?: number
): number {
  return rounded(value * factor(OUNCES_PER, unit, "weight"), decimals)
}

/** Rounded up at `decimals` when given, exact otherwise. */
export function toPounds(
  value: number,
  unit: string,
  decimals?: number
): number {
  return rounded((value * factor(OUNCES_PER, unit, "weight")) / 16, decimals)
}

/** Rounded up at `decimals` when given, exact otherwise. */
export function toInches(
  value: number,
  unit: string,
  decimals?: number
): number {
  return rounded(value * factor(INCHES_PER, unit, "length"), decimals)
}
