import type { PluginOptions } from "../../../options"
import { toInches, toOunces } from "../../../shipping-api/units"

export const PACKING_SOURCE =
  "ours: packing (docs/fulfillment.md, Several parcels)"

/** Inches and ounces, sides longest first. */
export type Box = {
  id: string
  sides: [number, number, number]
  volume: number
  maxWeightOz: number
  emptyWeightOz: number
}

export const sorted3 = (v: number[]): [number, number, number] =>
  [...v].sort((a, b) => b - a) as [number, number, number]

/** Smallest first (ties by id). */
export function boxesOf(options: PluginOptions, maxWeightOz: number): Box[] {
  const unit = options.catalogUnits
  return (options.boxes ?? [])
    .map((b) => {
      const sides = sorted3(
        [b.length, b.width, b.height].map((v) => toInches(v, unit.length, 2))
      )
      return {
        id: b.id,
        sides,
        volume: sides[0] * sides[1] * sides[2],
        maxWeightOz: Math.min(
          maxWeightOz,
          b.maxWeight !== undefined
            ? toOunces(b.maxWeight, unit.weight, 2)
            : Infinity
        ),
        emptyWeightOz:
          b.emptyWeight !== undefined
            ? toOunces(b.emptyWeight, unit.weight, 2)
            : 0,
      }
    })
    .sort((a, b) => a.volume - b.volume || a.id.localeCompare(b.id))
}
