import { itemsAboveEelpfcThreshold } from "../../../shipping-api/rules/customs"
import type { Violation } from "../../../shipping-api/violation"
import {
  buildShipmentRequest,
  type BuildShipmentInput,
  type BuiltShipment,
} from "./build-shipment"
import { chosenParcels } from "./chosen-parcels"
import { packParcels, type ChosenParcel, type PackedParcel } from "./packing"
import type { ShippedLine } from "./types"

/** A parcel as the purchase buys it; purchase, dry run and price all start from the plan, so what is checked is bought. */
export type PlannedParcel = PackedParcel & { built: BuiltShipment }

/** None for the address. */
export type PlanProblem = Violation & {
  parcel?: number
  line_ids: string[]
}

export type ShipmentPlan =
  | { ok: true; parcels: PlannedParcel[] }
  | {
      ok: false
      stage: "packing" | "building"
      problems: PlanProblem[]
      /** So messages can number them. */
      parcelCount?: number
    }

export function planShipment(
  input: BuildShipmentInput,
  chosen?: readonly ChosenParcel[]
): ShipmentPlan {
  const packed = chosen?.length
    ? chosenParcels(input.lines, chosen, input.options)
    : packParcels(input.lines, input.options, input.service)
  if (!packed.ok)
    return {
      ok: false,
      stage: "packing",
      problems: packed.violations.map((v) => ({
        ...v,
        line_ids: linesOfPath(v.path, input.lines),
      })),
    }
  const parcels: PlannedParcel[] = []
  const problems: PlanProblem[] = []
  packed.parcels.forEach((p, index) => {
    const built = buildShipmentRequest({
      ...input,
      lines: p.lines,
      parcel: p.parcel,
    })
    if (built.ok) parcels.push({ ...p, built: built.value })
    else
      problems.push(
        ...built.violations.map((v) =>
          problemOfParcel(v, index, p.lines, undefined)
        )
      )
  })
  return problems.length
    ? {
        ok: false,
        stage: "building",
        problems,
        parcelCount: packed.parcels.length,
      }
    : { ok: true, parcels }
}

/** Every rule the client's dry run reports, parcel by parcel, with the lines each concerns. */
export function checkPlan(
  parcels: readonly PlannedParcel[],
  check: (built: BuiltShipment) => Violation[]
): PlanProblem[] {
  return parcels.flatMap((p, index) =>
    check(p.built).map((v) => problemOfParcel(v, index, p.lines, p.built))
  )
}

function problemOfParcel(
  v: Violation,
  index: number,
  lines: readonly ShippedLine[],
  built: BuiltShipment | undefined
): PlanProblem {
  return { ...v, parcel: index, line_ids: linesOfPath(v.path, lines, built) }
}

/** `items[i]`, a customs item's lines, or all lines for the parcel or customs list; addresses name none. */
export function linesOfPath(
  path: string,
  lines: readonly ShippedLine[],
  built?: BuiltShipment
): string[] {
  const item = /^(?:parcels\[\d+\]\.)?items\[(\d+)\]/.exec(path)
  if (item) {
    const line = lines[Number(item[1])]
    return line ? [line.line.id] : []
  }
  const special = /^rates\[0\]\.specialServices\[(\d+)\]/.exec(path)
  if (special && built?.specialServiceLines)
    return built.specialServiceLines[Number(special[1])] ?? []
  const customsItem = /^customs\.customsItems\[(\d+)\]/.exec(path)
  if (customsItem && built?.customsItemLines)
    return built.customsItemLines[Number(customsItem[1])] ?? []
  // The items valued above the EELPFC threshold (the rule's own test).
  if (path === "customs.customsInfo.EELPFC" && built?.customsItemLines) {
    const customs = built.request.customs
    return itemsAboveEelpfcThreshold(
      customs?.customsInfo?.currencyCode,
      customs?.customsItems ?? []
    ).flatMap((i) => built.customsItemLines?.[i] ?? [])
  }
  if (/^(customs\.customsItems|parcel\b|items$)/.test(path))
    return lines.map((l) => l.line.id)
  return []
}

/** As the purchase sends them. */
export function createOptionsOf(
  built: BuiltShipment,
  service: { apac?: boolean }
): { includeDeliveryCommitment?: boolean; apac?: boolean } {
  return {
    includeDeliveryCommitment: built.includeDeliveryCommitment,
    apac: service.apac,
  }
}
