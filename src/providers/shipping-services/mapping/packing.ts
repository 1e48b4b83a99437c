import type { PluginOptions } from "../../../options"
import { lengthPlusGirth } from "../../../shipping-api/rules/parcel"
import {
  LIMITS,
  PARCEL_SELECT_SERVICE_ID,
  type Variant,
} from "../../../shipping-api/constants"
import type { Violation } from "../../../shipping-api/violation"
import { buildParcel, catalogValue, type BuiltParcel } from "./parcel"
import { hazmatGroupOf } from "./parcel-services"
import type { ShippedLine } from "./types"
import { toInches, toOunces } from "../../../shipping-api/units"
import { boxesOf, PACKING_SOURCE as SOURCE, sorted3, type Box } from "./boxes"

/** In oz: the documents give no limit; these are the carriers' published ones (ours). A box may only lower it. */
export const MAX_PARCEL_WEIGHT_OZ: Record<Variant, number> = {
  "carrier-account": 150 * 16,
  expedited: 70 * 16,
  standard: 70 * 16,
  "cross-border": 70 * 16,
}

export type PackedParcel = {
  lines: ShippedLine[]
  parcel: BuiltParcel
  box?: string
}

/** Which units of which lines, optionally its weight (catalog unit). */
export type ChosenParcel = {
  items: { line_item_id: string; quantity: number }[]
  weight?: number
  box?: string
}

export type PackingResult =
  { ok: true; parcels: PackedParcel[] } | { ok: false; violations: Violation[] }

type Unit = {
  line: ShippedLine["line"]
  weightOz: number
  sides?: [number, number, number]
  volume: number
}
/** Doc 2 Limits. */
export function lengthPlusGirthLimit(serviceId: string): number {
  return serviceId === PARCEL_SELECT_SERVICE_ID
    ? LIMITS.lengthPlusGirthParcelSelectIn
    : LIMITS.lengthPlusGirthIn
}

/**
 * Deterministic, so a repeated fulfillment finds its labels by their keys. Without `boxes`: one parcel unless a
 * limit breaks, then heaviest-first first fit. With `boxes`: largest-first into the first fitting open box, else
 * the smallest box the unit fits. A unit that fits nowhere is an error naming it.
 */
export function packParcels(
  lines: readonly ShippedLine[],
  options: PluginOptions,
  service: { variant: Variant; serviceId: string }
): PackingResult {
  // A parcel is hazmat or hazmat-electronics, not both, and other goods only packed apart (ours).
  const groups = new Map<string, ShippedLine[]>()
  for (const l of lines) {
    const kind = hazmatGroupOf(l.line)
    groups.set(kind, [...(groups.get(kind) ?? []), l])
  }
  if (groups.size > 1)
    return packGroups(lines, [...groups.values()], options, service)
  return packLines(lines, options, service)
}

function packGroups(
  lines: readonly ShippedLine[],
  groups: ShippedLine[][],
  options: PluginOptions,
  service: { variant: Variant; serviceId: string }
): PackingResult {
  const parcels: PackedParcel[] = []
  const violations: Violation[] = []
  for (const group of groups) {
    const packed = packLines(group, options, service)
    if (packed.ok) parcels.push(...packed.parcels)
    else
      violations.push(
        ...packed.violations.map((v) => ({
          ...v,
          path: v.path.replace(/^items\[(\d+)\]/, (_, i) => {
            const line = group[Number(i)]
            return `items[${lines.findIndex((l) => l === line)}]`
          }),
        }))
      )
  }
  return violations.length ? { ok: false, violations } : { ok: true, parcels }
}

function packLines(
  lines: readonly ShippedLine[],
  options: PluginOptions,
  service: { variant: Variant; serviceId: string }
): PackingResult {
  const single = buildParcel(lines, options)
  if (single.violations.length || !single.parcel)
    return { ok: false, violations: single.violations }
  const maxWeightOz = MAX_PARCEL_WEIGHT_OZ[service.variant]
  const maxGirth = lengthPlusGirthLimit(service.serviceId)
  const boxes = boxesOf(options, maxWeightOz)
  const fits = (p: BuiltParcel) =>
    p.weightOz <= maxWeightOz &&
    (!p.dimensionIn ||
      lengthPlusGirth(
        sorted3([
          p.dimensionIn.length,
          p.dimensionIn.width,
          p.dimensionIn.height,
        ])
      ) <= maxGirth)
  if (!boxes.length && fits(single.parcel))
    return { ok: true, parcels: [{ lines: [...lines], parcel: single.parcel }] }

  const units = unitsOf(lines, options)
  const violations: Violation[] = []
  const label = (u: Unit) => `"${u.line.title ?? u.line.id}"`
  // Numbered as the builder numbers lines, so checkout can name the cart item.
  const pathOf = (u: Unit) =>
    `items[${lines.findIndex((l) => l.line.id === u.line.id)}]`
  return boxes.length
    ? packIntoBoxes(units, boxes, label, pathOf)
    : packByLimits(units, options, fits, maxWeightOz, label, pathOf, violations)
}

function unitsOf(
  lines: readonly ShippedLine[],
  options: PluginOptions
): Unit[] {
  const units: Unit[] = []
  for (const l of lines) {
    const w =
      catalogValue(l.line, "weight") ?? options.defaultParcel?.weight ?? 0
    const dims = [
      catalogValue(l.line, "length"),
      catalogValue(l.line, "width"),
      catalogValue(l.line, "height"),
    ]
    const sides = dims.every((d) => d !== undefined)
      ? sorted3(
          (dims as number[]).map((d) =>
            toInches(d, options.catalogUnits.length, 2)
          )
        )
      : undefined
    const unit: Unit = {
      line: l.line,
      weightOz: toOunces(w, options.catalogUnits.weight, 4),
      sides,
      volume: sides ? sides[0] * sides[1] * sides[2] : 0,
    }
    for (let i = 0; i < l.quantity; i++) units.push(unit)
  }
  // Ties by line id: deterministic.
  return units.sort(
    (a, b) =>
      b.volume - a.volume ||
      b.weightOz - a.weightOz ||
      a.line.id.localeCompare(b.line.id)
  )
}

const fitsSides = (unit: Unit, box: Box) =>
  !unit.sides || unit.sides.every((s, i) => s <= box.sides[i])

function packIntoBoxes(
  units: Unit[],
  boxes: Box[],
  label: (u: Unit) => string,
  pathOf: (u: Unit) => string
): PackingResult {
  const violations: Violation[] = []
  const open: { box: Box; units: Unit[]; volume: number; weightOz: number }[] =
    []
  for (const unit of units) {
    const room = open.find(
      (p) =>
        fitsSides(unit, p.box) &&
        p.volume + unit.volume <= p.box.volume &&
        p.weightOz + unit.weightOz <= p.box.maxWeightOz
    )
    if (room) {
      room.units.push(unit)
      room.volume += unit.volume
      room.weightOz += unit.weightOz
      continue
    }
    const box = boxes.find(
      (b) =>
        fitsSides(unit, b) && b.emptyWeightOz + unit.weightOz <= b.maxWeightOz
    )
    if (!box) {
      if (!violations.some((v) => v.message.startsWith(label(unit)))) {
        violations.push({
          path: pathOf(unit),
          rule: "packing.item.fits-no-box",
          message: `${label(unit)} fits no box of the boxes option (${unit.sides ? unit.sides.join(" x ") + " in, " : ""}${unit.weightOz} oz)`,
          source: SOURCE,
        })
      }
      continue
    }
    open.push({
      box,
      units: [unit],
      volume: unit.volume,
      weightOz: box.emptyWeightOz + unit.weightOz,
    })
  }
  if (violations.length) return { ok: false, violations }
  return {
    ok: true,
    parcels: open.map((p) => ({
      lines: linesOf(p.units),
      parcel: {
        weightOz: toOunces(p.weightOz, "oz", 2),
        dimensionIn: {
          length: p.box.sides[0],
          width: p.box.sides[1],
          height: p.box.sides[2],
        },
      },
      box: p.box.id,
    })),
  }
}

function packByLimits(
  units: Unit[],
  options: PluginOptions,
  fits: (p: BuiltParcel) => boolean,
  maxWeightOz: number,
  label: (u: Unit) => string,
  pathOf: (u: Unit) => string,
  violations: Violation[]
): PackingResult {
  const parcels: { units: Unit[]; parcel: BuiltParcel }[] = []
  const byWeight = [...units].sort(
    (a, b) => b.weightOz - a.weightOz || a.line.id.localeCompare(b.line.id)
  )
  for (const unit of byWeight) {
    let placed = false
    for (const p of parcels) {
      const candidate = measure([...p.units, unit], options)
      if (candidate && fits(candidate)) {
        p.units.push(unit)
        p.parcel = candidate
        placed = true
        break
      }
    }
    if (placed) continue
    const alone = measure([unit], options)
    if (!alone || !fits(alone)) {
      if (!violations.some((v) => v.message.startsWith(label(unit)))) {
        violations.push({
          path: pathOf(unit),
          rule: "packing.item.over-limit",
          message: `${label(unit)} alone breaks a parcel limit (${unit.weightOz} oz of at most ${maxWeightOz}, or length plus girth): it cannot be shipped with this service`,
          source: SOURCE,
        })
      }
      continue
    }
    parcels.push({ units: [unit], parcel: alone })
  }
  if (violations.length) return { ok: false, violations }
  return {
    ok: true,
    parcels: parcels.map((p) => ({
      lines: linesOf(p.units),
      parcel: p.parcel,
    })),
  }
}

function measure(
  units: Unit[],
  options: PluginOptions
): BuiltParcel | undefined {
  return buildParcel(linesOf(units), options).parcel
}

/** In the order lines first appear. */
function linesOf(units: Unit[]): ShippedLine[] {
  const out = new Map<string, ShippedLine>()
  for (const u of units) {
    const l = out.get(u.line.id)
    if (l) l.quantity++
    else out.set(u.line.id, { line: u.line, quantity: 1 })
  }
  return [...out.values()]
}
