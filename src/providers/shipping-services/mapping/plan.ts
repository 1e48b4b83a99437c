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

/**
 * One shipment as the label purchase will buy it: the fulfilled lines packed into parcels
 * (packing.ts, or the admin's choice) and each parcel's create request (build-shipment.ts). The
 * purchase, checkout's dry run and the calculated price all start here, so what is priced and
 * checked is what is bought.
 */
export type PlannedParcel = PackedParcel & { built: BuiltShipment }

/** A broken rule, with the parcel and the order lines it concerns (none for the address). */
export type PlanProblem = Violation & {
  /** Index of the parcel, when the rule is about one parcel's request. */
  parcel?: number
  /** Ids of the lines (order or cart line items) the rule is about. */
  line_ids: string[]
}

export type ShipmentPlan =
  | { ok: true; parcels: PlannedParcel[] }
  | {
      ok: false
      stage: "packing" | "building"
      problems: PlanProblem[]
      /** How many parcels were packed (building), so messages can number them. */
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

/**
 * The rules of the documents a plan's requests break, parcel by parcel, as `check` (the client's
 * dry run of the create: every rule, nothing sent) reports them, with the lines each concerns.
 */
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

/**
 * Which lines a violation's path is about: `items[i]` (the builder and packing number the lines
 * they were given), `customs.customsItems[k]` (the lines behind that customs item), the parcel
 * or the customs list as a whole (all its lines); an address or an option names none.
 */
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
  // EELPFC is missing for the items valued above the threshold: those items (the rule's own test).
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

/** The create's query options for a built parcel, as the purchase sends them (doc 2). */
export function createOptionsOf(
  built: BuiltShipment,
  service: { apac?: boolean }
): { includeDeliveryCommitment?: boolean; apac?: boolean } {
  return {
    includeDeliveryCommitment: built.includeDeliveryCommitment,
    apac: service.apac,
  }
}
