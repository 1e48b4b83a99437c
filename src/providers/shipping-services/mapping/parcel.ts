import type { PluginOptions } from "../../../options"
import type { Violation } from "../../../shipping-api/violation"
import type { CatalogFields, ShippedLine } from "./types"
import { toInches, toOunces } from "../../../shipping-api/units"

const SOURCE = "ours: shipment builder (docs/fulfillment.md)"

export type BuiltParcel = {
  weightOz: number
  /** Longest side first; absent when neither the catalog nor options give a box. */
  dimensionIn?: { length: number; width: number; height: number }
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === "string" ? Number(v) : (v as number)
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : undefined
}

/** Variant first, then product. */
export function catalogValue(
  line: ShippedLine["line"],
  key: keyof CatalogFields
): number | undefined {
  return (
    num(line.variant?.[key]) ??
    num(line.variant?.product?.[key]) ??
    num(line.product?.[key])
  )
}

export function unitWeightOz(
  line: ShippedLine["line"],
  options: PluginOptions,
  decimals = 2
): number | undefined {
  const w = catalogValue(line, "weight") ?? options.defaultParcel?.weight
  return w === undefined
    ? undefined
    : toOunces(w, options.catalogUnits.weight, decimals)
}

/**
 * Weight sums shipped quantities. Box: a single unit's own sizes, else the default box, else the items stacked
 * (longest length, widest width, summed heights).
 */
export function buildParcel(
  lines: readonly ShippedLine[],
  options: PluginOptions
): { parcel?: BuiltParcel; violations: Violation[] } {
  const violations: Violation[] = []
  let weight = 0
  lines.forEach((l, i) => {
    const w = catalogValue(l.line, "weight") ?? options.defaultParcel?.weight
    if (w === undefined) {
      violations.push({
        path: `items[${i}].weight`,
        rule: "builder.item.weight.missing",
        message: `"${l.line.title ?? l.line.id}" has no weight: set it on the variant or product, or set defaultParcel.weight`,
        source: SOURCE,
      })
    } else {
      weight += w * l.quantity
    }
  })
  if (violations.length) return { violations }
  const unit = options.catalogUnits.length
  const sizes = lines.map((l) => ({
    q: l.quantity,
    dims: [
      catalogValue(l.line, "length"),
      catalogValue(l.line, "width"),
      catalogValue(l.line, "height"),
    ],
  }))
  const complete = sizes.every((s) => s.dims.every((d) => d !== undefined))
  let box: number[] | undefined
  const units = lines.reduce((n, l) => n + l.quantity, 0)
  if (units === 1 && complete) {
    box = sizes[0].dims as number[]
  } else if (options.defaultParcel) {
    box = [
      options.defaultParcel.length,
      options.defaultParcel.width,
      options.defaultParcel.height,
    ]
  } else if (complete) {
    const sorted = sizes.map((s) => ({
      q: s.q,
      d: [...(s.dims as number[])].sort((a, b) => b - a),
    }))
    box = [
      Math.max(...sorted.map((s) => s.d[0])),
      Math.max(...sorted.map((s) => s.d[1])),
      sorted.reduce((h, s) => h + s.d[2] * s.q, 0),
    ]
  }
  const dimensionIn = box
    ? (() => {
        const [length, width, height] = box
          .map((v) => toInches(v, unit, 2))
          .sort((a, b) => b - a)
        return { length, width, height }
      })()
    : undefined
  return {
    parcel: {
      weightOz: toOunces(weight, options.catalogUnits.weight, 2),
      ...(dimensionIn ? { dimensionIn } : {}),
    },
    violations,
  }
}
