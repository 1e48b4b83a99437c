import { LIMITS } from "../../../shipping-api/constants"
import {
  importerReferenceRequired,
  itemsAboveEelpfcThreshold,
} from "../../../shipping-api/rules/customs"
import { fieldRuleViolations } from "../../../shipping-api/schemas/common"
import {
  CUSTOMS_ITEMS_MAX_RULE,
  type Customs,
  type CustomsItem,
} from "../../../shipping-api/schemas/customs"
import type { Violation } from "../../../shipping-api/violation"
import type { PluginOptions } from "../../../options"
import { unitWeightOz } from "./parcel"
import type { OrderLike, ShippedLine } from "./types"

const text = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() ? v.trim() : undefined
const money = (v: unknown): number => Math.round(Number(v ?? 0) * 100) / 100
const cut = (s: string, max: number) => (s.length <= max ? s : s.slice(0, max))

export type CustomsContext = {
  order: OrderLike
  lines: readonly ShippedLine[]
  options: PluginOptions
  fromCountry: string
  toCountry: string
  crossBorder: boolean
  hazmat?: ReadonlyMap<string, string[]>
}

/** One customs line per shipped order line, variant data first. */
export function customsItemOf(
  l: ShippedLine,
  ctx: CustomsContext
): CustomsItem {
  const { line } = l
  const product = line.variant?.product ?? line.product
  const titles = [
    text(line.product_title) ?? text(product?.title),
    text(line.variant_title) ?? text(line.variant?.title),
  ]
  const description = cut(
    (titles[0] && titles[1] && titles[0] !== titles[1]
      ? `${titles[0]} - ${titles[1]}`
      : (titles[0] ?? titles[1] ?? text(line.title))) ?? "Merchandise",
    LIMITS.customsDescription
  )
  // HS codes are often written with dots (6109.10.0012); the service wants the digits.
  const hs = (text(line.variant?.hs_code) ?? text(product?.hs_code))?.replace(
    /\D/g,
    ""
  )
  const origin = (
    text(line.variant?.origin_country) ?? text(product?.origin_country)
  )?.toUpperCase()
  const item: CustomsItem = {
    description,
    quantity: l.quantity,
    unitPrice: money(line.unit_price),
    unitWeight: {
      weight: unitWeightOz(line, ctx.options, 4) ?? 0,
      unitOfMeasurement: "OZ",
    },
    ...(hs ? { hSTariffCode: hs } : {}),
    ...(origin ? { originCountryCode: origin } : {}),
  }
  if (!ctx.crossBorder) return item
  const sku = text(line.variant_sku) ?? text(line.variant?.sku)
  const itemId =
    sku && sku.length <= LIMITS.crossBorderItemId
      ? sku
      : (text(line.variant_id) ?? text(line.variant?.id) ?? line.id)
  const handle = text(line.product_handle) ?? text(product?.handle)
  const template = ctx.options.customs.productUrlTemplate
  const url =
    template && handle
      ? template.replace("{handle}", encodeURIComponent(handle))
      : ""
  const manufacturer =
    text(product?.metadata?.manufacturer) ?? ctx.options.customs.manufacturer
  return {
    ...item,
    // The service uses the tariff schedule of the exporting country for cross-border lanes.
    ...(hs ? { hSTariffCodeCountry: ctx.fromCountry } : {}),
    itemId: cut(itemId, LIMITS.crossBorderItemId),
    url: url.length <= LIMITS.crossBorderUrl ? url : "",
    ...(manufacturer
      ? { manufacturer: cut(manufacturer, LIMITS.crossBorderManufacturer) }
      : {}),
    ...(ctx.hazmat?.get(line.id) ? { hazmat: ctx.hazmat.get(line.id) } : {}),
  }
}

/** Over 30 distinct lines: same HS code and origin merge (quantities summed, price and weight averaged). */
export function mergeCustomsItems(
  items: readonly CustomsItem[]
): CustomsItem[] {
  return mergeGroups(items).map((g) => g.item)
}

/** Keeping which given items each merged line stands for. */
function mergeGroups(
  items: readonly CustomsItem[]
): { item: CustomsItem; from: number[] }[] {
  const groups = new Map<string, { items: CustomsItem[]; from: number[] }>()
  items.forEach((item, index) => {
    // Hazmat items merge only with items of the same classification.
    const key = `${item.hSTariffCode ?? ""}|${item.originCountryCode ?? ""}|${(item.hazmat ?? []).join(",")}`
    const group = groups.get(key) ?? { items: [], from: [] }
    group.items.push(item)
    group.from.push(index)
    groups.set(key, group)
  })
  return [...groups.values()].map(({ items: group, from }) => ({
    from,
    item: mergedItem(group),
  }))
}

function mergedItem(group: CustomsItem[]): CustomsItem {
  if (group.length === 1) return group[0]
  const quantity = group.reduce((n, i) => n + i.quantity, 0)
  const value = group.reduce((v, i) => v + i.unitPrice * i.quantity, 0)
  const weight = group.reduce(
    (w, i) => w + (i.unitWeight?.weight ?? 0) * i.quantity,
    0
  )
  return {
    ...group[0],
    description: cut(
      `${group[0].description} and ${group.length - 1} more`,
      LIMITS.customsDescription
    ),
    quantity,
    unitPrice: Math.round((value / quantity) * 100) / 100,
    unitWeight: {
      weight: Math.ceil((weight / quantity) * 10_000 - 1e-6) / 10_000,
      unitOfMeasurement: group[0].unitWeight?.unitOfMeasurement ?? "OZ",
    },
  }
}

export function buildCustoms(ctx: CustomsContext): {
  customs?: Customs
  /** Several when lines were merged. */
  itemLines?: string[][]
  violations: Violation[]
} {
  const { order, options } = ctx
  let items = ctx.lines.map((l) => customsItemOf(l, ctx))
  let itemLines = ctx.lines.map((l) => [l.line.id])
  if (
    items.length > LIMITS.customsItems &&
    options.customs.overflow === "merge"
  ) {
    const merged = mergeGroups(items)
    items = merged.map((g) => g.item)
    itemLines = merged.map((g) => g.from.flatMap((i) => itemLines[i]))
  }
  // Checked here so the order is refused before anything is bought.
  const tooMany = fieldRuleViolations(
    CUSTOMS_ITEMS_MAX_RULE,
    items,
    "customs.customsItems"
  )
  if (tooMany.length) {
    const merged =
      options.customs.overflow === "merge"
        ? " after merging lines with the same HS code and origin"
        : ""
    return {
      violations: tooMany.map((v) => ({
        ...v,
        message: `${items.length} distinct customs items${merged}: ${v.message}`,
      })),
    }
  }
  const meta = order.metadata ?? {}
  // Doc 2: only EU and Brazil destinations take an importer reference.
  const needsImporterReference =
    importerReferenceRequired(ctx.toCountry) !== undefined
  const importerReference =
    text(meta.importer_customs_reference) ??
    options.customs.importerCustomsReference
  const importerReferenceType =
    text(meta.importer_customs_reference_type) ??
    options.customs.importerCustomsReferenceType
  const eelpfc = text(meta.eelpfc) ?? options.customs.eelpfc
  const currencyCode = (order.currency_code ?? "").toUpperCase()
  const customs: Customs = {
    customsInfo: {
      currencyCode,
      reasonForExport: options.customs.reasonForExport,
      ...(options.customs.reasonForExportExplanation
        ? {
            reasonForExportExplanation:
              options.customs.reasonForExportExplanation,
          }
        : {}),
      ...(order.display_id != null
        ? { invoiceNumber: String(order.display_id) }
        : {}),
      ...(eelpfc && itemsAboveEelpfcThreshold(currencyCode, items).length
        ? { EELPFC: eelpfc }
        : {}),
      ...(options.customs.fromCustomsReference
        ? { fromCustomsReference: options.customs.fromCustomsReference }
        : {}),
      ...(needsImporterReference && importerReference
        ? { importerCustomsReference: importerReference }
        : {}),
      ...(needsImporterReference && importerReferenceType
        ? {
            importerCustomsReferenceType: importerReferenceType as
              "IOSS_NUMBER" | "VAT_NUMBER",
          }
        : {}),
    },
    customsItems: items,
  }
  return { customs, itemLines, violations: [] }
}
