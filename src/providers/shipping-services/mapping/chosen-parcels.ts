import type { PluginOptions } from "../../../options"
import type { Violation } from "../../../shipping-api/violation"
import { toOunces } from "../../../shipping-api/units"
import { boxesOf, PACKING_SOURCE as SOURCE } from "./boxes"
import type { ChosenParcel, PackedParcel, PackingResult } from "./packing"
import { buildParcel } from "./parcel"
import type { ShippedLine } from "./types"

/** A parcel per admin's choice, measured like any parcel; the choice must cover the shipped lines exactly. */
export function chosenParcels(
  lines: readonly ShippedLine[],
  chosen: readonly ChosenParcel[],
  options: PluginOptions
): PackingResult {
  const violations: Violation[] = []
  const byLine = new Map(lines.map((l) => [l.line.id, l]))
  const left = new Map(lines.map((l) => [l.line.id, l.quantity]))
  const parcels: PackedParcel[] = []
  chosen.forEach((c, i) => {
    const parcelLines: ShippedLine[] = []
    c.items.forEach((item, j) => {
      const line = byLine.get(item.line_item_id)
      const path = `parcels[${i}].items[${j}]`
      if (!line) {
        violations.push({
          path,
          rule: "packing.chosen.line",
          message: `line ${item.line_item_id} is not among the fulfilled items`,
          source: SOURCE,
        })
        return
      }
      if (!Number.isInteger(item.quantity) || item.quantity < 1) {
        violations.push({
          path: `${path}.quantity`,
          rule: "packing.chosen.quantity",
          message: "must be a whole number of at least 1",
          source: SOURCE,
        })
        return
      }
      left.set(
        item.line_item_id,
        (left.get(item.line_item_id) ?? 0) - item.quantity
      )
      parcelLines.push({ line: line.line, quantity: item.quantity })
    })
    if (!c.items.length)
      violations.push({
        path: `parcels[${i}].items`,
        rule: "packing.chosen.empty",
        message: "a parcel needs at least one item",
        source: SOURCE,
      })
    const measured = buildParcel(parcelLines, options)
    violations.push(
      ...measured.violations.map((v) => ({
        ...v,
        path: `parcels[${i}].${v.path}`,
      }))
    )
    if (measured.parcel) {
      const box = c.box
        ? boxesOf(options, Infinity).find((b) => b.id === c.box)
        : undefined
      if (c.box && !box)
        violations.push({
          path: `parcels[${i}].box`,
          rule: "packing.chosen.box",
          message: `no box "${c.box}" in the boxes option`,
          source: SOURCE,
        })
      const weightOz =
        c.weight !== undefined
          ? toOunces(c.weight, options.catalogUnits.weight, 2)
          : measured.parcel.weightOz
      parcels.push({
        lines: parcelLines,
        parcel: {
          weightOz,
          ...(box
            ? {
                dimensionIn: {
                  length: box.sides[0],
                  width: box.sides[1],
                  height: box.sides[2],
                },
              }
            : measured.parcel.dimensionIn
              ? { dimensionIn: measured.parcel.dimensionIn }
              : {}),
        },
        ...(box ? { box: box.id } : {}),
      })
    }
  })
  for (const [lineId, quantity] of left) {
    if (quantity !== 0) {
      const title = byLine.get(lineId)?.line.title ?? lineId
      violations.push({
        path: "parcels",
        rule: "packing.chosen.cover",
        message:
          quantity > 0
            ? `${quantity} of "${title}" are in no parcel`
            : `"${title}" is packed ${-quantity} more time(s) than it is fulfilled`,
        source: SOURCE,
      })
    }
  }
  return violations.length ? { ok: false, violations } : { ok: true, parcels }
}
