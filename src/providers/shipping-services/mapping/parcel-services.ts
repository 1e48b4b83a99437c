import {
  SPECIAL_SERVICE_PARAM,
  type Variant,
} from "../../../shipping-api/constants"
import type { RatesEntry } from "../../../shipping-api/schemas/rates"
import type { Violation } from "../../../shipping-api/violation"
import type { ServiceOption } from "../../../options"
import type { OrderLineLike, ShippedLine } from "./types"

/** Insurance and hazmat a parcel's contents add to its request; the rules check the result. Pure. */

/** Catalog metadata keys, read on the variant, then product, then product type. */
export const HAZMAT_KEY = "shipping_hazmat"
export const HAZMAT_TYPE_KEY = "shipping_hazmat_type"
export const HAZMAT_KINDS = ["hazmat", "hazmat-electronics"] as const
export type HazmatKind = (typeof HAZMAT_KINDS)[number]

const SOURCE = "ours: parcel special services (README, Insurance and hazmat)"

type Metadata = Record<string, unknown> | null | undefined
const metaOf = (line: OrderLineLike): Metadata[] => {
  const variant = line.variant as
    | {
        metadata?: Metadata
        product?: {
          metadata?: Metadata
          type?: { metadata?: Metadata } | null
        } | null
      }
    | null
    | undefined
  const product = (variant?.product ?? line.product) as
    | { metadata?: Metadata; type?: { metadata?: Metadata } | null }
    | null
    | undefined
  return [variant?.metadata, product?.metadata, product?.type?.metadata]
}

/** The first marking on the variant, its product, its product type. */
export function hazmatOf(
  line: OrderLineLike
): { kind: HazmatKind; type?: string } | { invalid: string } | undefined {
  for (const meta of metaOf(line)) {
    const value = meta?.[HAZMAT_KEY]
    if (value === undefined || value === null || value === "") continue
    if (!HAZMAT_KINDS.includes(value as HazmatKind))
      return {
        invalid: `${HAZMAT_KEY} is "${String(value)}": use ${HAZMAT_KINDS.join(" or ")}`,
      }
    const type = meta?.[HAZMAT_TYPE_KEY]
    return {
      kind: value as HazmatKind,
      ...(typeof type === "string" && type.trim() ? { type: type.trim() } : {}),
    }
  }
  return undefined
}

/** Units of different kinds never share a parcel. */
export function hazmatGroupOf(line: OrderLineLike): string {
  const found = hazmatOf(line)
  return found && "kind" in found ? found.kind : ""
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === "string" ? Number(v) : (v as number)
  return typeof n === "number" && Number.isFinite(n) ? n : undefined
}

/** Price less its share of the line's discount (`discount_total`, else its adjustments). */
export function unitValueOf(line: OrderLineLike): number {
  const quantity = num(line.quantity) ?? 1
  const price = num(line.unit_price) ?? 0
  const withTotals = line as OrderLineLike & {
    discount_total?: unknown
    adjustments?: { amount?: unknown }[] | null
  }
  const discount =
    num(withTotals.discount_total) ??
    (withTotals.adjustments ?? []).reduce(
      (sum, a) => sum + (num(a.amount) ?? 0),
      0
    )
  return quantity > 0 ? Math.max(0, price - discount / quantity) : price
}

/** In the order's currency, to the cent. */
export function parcelValueOf(lines: readonly ShippedLine[]): number {
  const cents = lines.reduce(
    (sum, l) => sum + Math.round(unitValueOf(l.line) * l.quantity * 100),
    0
  )
  return cents / 100
}

export type ParcelServices = {
  /** After the static ones, INS replacing theirs. */
  specialServices: NonNullable<RatesEntry["specialServices"]>
  /** By place in the final list. */
  lines: string[][]
  /** Cross-border, by order line id. */
  customsHazmat: Map<string, string[]>
  insured?: { amount: number; currency: string }
  hazmat: HazmatKind[]
  violations: Violation[]
}

/** Doc 2: as special services, on customs items, or not supported here. */
const HAZMAT_DECLARED: Record<
  Variant,
  "special-service" | "customs" | "unsupported"
> = {
  expedited: "special-service",
  "cross-border": "customs",
  // Doc 2: standard delivery declares it in hazmatDetails, whose hazard classes it does not show.
  standard: "unsupported",
  // Doc 2 shows hazmat for expedited delivery and cross-border items only.
  "carrier-account": "unsupported",
}

export function parcelServices(input: {
  lines: readonly ShippedLine[]
  service: ServiceOption
  currencyCode: string | null | undefined
}): ParcelServices {
  const { lines, service } = input
  const violations: Violation[] = []
  const specialServices: ParcelServices["specialServices"] = []
  const owners: string[][] = []
  const customsHazmat = new Map<string, string[]>()
  const kinds = new Map<HazmatKind, { type?: string; lines: string[] }>()
  lines.forEach((l, i) => {
    const found = hazmatOf(l.line)
    if (!found) return
    if ("invalid" in found) {
      violations.push({
        path: `items[${i}]`,
        rule: "builder.item.hazmat.unknown",
        message: `"${l.line.title ?? l.line.id}": ${found.invalid}`,
        source: SOURCE,
      })
      return
    }
    const declared = HAZMAT_DECLARED[service.variant]
    if (declared === "unsupported") {
      violations.push({
        path: `items[${i}]`,
        rule: "builder.item.hazmat.unsupported",
        message: `"${l.line.title ?? l.line.id}" is ${found.kind}: ${service.variant} shipments cannot declare it through the plugin (doc 2 shows hazmat for expedited and cross-border only)`,
        source: SOURCE,
      })
      return
    }
    if (declared === "customs") {
      customsHazmat.set(l.line.id, [found.type ?? found.kind])
      return
    }
    const entry = kinds.get(found.kind) ?? { type: found.type, lines: [] }
    entry.lines.push(l.line.id)
    kinds.set(found.kind, entry)
  })
  for (const [kind, { type, lines: ids }] of kinds) {
    specialServices.push({
      specialServiceId: kind,
      inputParameters:
        kind === "hazmat"
          ? type
            ? [{ name: SPECIAL_SERVICE_PARAM.hazmatType, value: type }]
            : []
          : [],
    })
    owners.push(ids)
  }
  let insured: ParcelServices["insured"]
  const insurance = service.insurance
  if (
    insurance &&
    input.currencyCode?.toLowerCase() === insurance.currency.toLowerCase()
  ) {
    const amount = parcelValueOf(lines)
    if (amount > insurance.above) {
      specialServices.push({
        specialServiceId: "INS",
        inputParameters: [
          { name: SPECIAL_SERVICE_PARAM.inputValue, value: amount.toFixed(2) },
        ],
      })
      owners.push(lines.map((l) => l.line.id))
      insured = { amount, currency: insurance.currency.toUpperCase() }
    }
  }
  return {
    specialServices,
    lines: owners,
    customsHazmat,
    ...(insured ? { insured } : {}),
    hazmat: [
      ...new Set([
        ...kinds.keys(),
        ...([...customsHazmat.values()].length
          ? lines
              .map((l) => hazmatOf(l.line))
              .flatMap((h) => (h && "kind" in h ? [h.kind] : []))
          : []),
      ]),
    ],
    violations,
  }
}
