// One table of data: the documents' customs rules, one defineRule each with its examples (kept whole).
import {
  BRAZIL,
  CROSS_BORDER_CURRENCY_BY_ORIGIN,
  CUSTOMS_WEIGHT_UNITS,
  DOCUMENTS_ONLY_SERVICE_IDS,
  EU_COUNTRY_CODES,
  HAZMAT_SPECIAL_SERVICES,
  LIMITS,
  MILITARY_CITIES,
  UNITED_STATES,
  US_TERRITORY_CODES,
  VARIANTS,
  type ReasonForExport,
} from "../constants"
import { SOURCE } from "../schemas/common"
import { customsRequired, VARIANT_TRAITS } from "../variant-traits"
import {
  customsItems,
  filled,
  fromCountry,
  hasSpecialService,
  isInternational,
  isUsToPuertoRico,
  num,
  parcelType,
  serviceId,
  str,
  toCountry,
  upper,
} from "./read"
import { defineRule, type Report, type ShipmentDraft } from "./types"

/** The variants whose requests can carry customs (VARIANT_TRAITS). */
const WITH_CUSTOMS = VARIANTS.filter(
  (v) => VARIANT_TRAITS[v].customs !== "never"
)

function customsInfo(s: ShipmentDraft) {
  return s.customs?.customsInfo
}

function requireReason(
  s: ShipmentDraft,
  reason: ReasonForExport,
  why: string,
  report: Report
): void {
  const info = customsInfo(s)
  if (info !== undefined && str(info.reasonForExport) !== reason) {
    report("customs.customsInfo.reasonForExport", `must be ${reason} ${why}`)
  }
}

export const customsRequiredRule = defineRule({
  id: "customs.required",
  source: SOURCE.perVariant,
  description:
    "customs is included for expedited shipments abroad, carrier-account shipments to Puerto Rico or abroad, and every cross-border shipment",
  variants: WITH_CUSTOMS,
  test(s, ctx, report) {
    const needed = customsRequired(ctx.variant, {
      international: isInternational(s),
      usToPuertoRico: isUsToPuertoRico(s),
    })
    if (needed && s.customs === undefined)
      report("customs", `customs is required for this ${ctx.variant} shipment`)
  },
})

export const customsItemsRequiredRule = defineRule({
  id: "customs.customsItems.required",
  source: SOURCE.perVariant,
  description: "customs, when sent, lists at least one customs item",
  variants: VARIANTS,
  test(s, _ctx, report) {
    if (s.customs !== undefined && customsItems(s).length === 0)
      report("customs.customsItems", "at least one customs item is required")
  },
})

export const expeditedReasonRule = defineRule({
  id: "customs-info.reasonForExport.expedited-required",
  source: SOURCE.customsInfo,
  description: "expedited customs carry reasonForExport",
  variants: ["expedited"],
  test(s, _ctx, report) {
    const info = customsInfo(s)
    if (info !== undefined && info.reasonForExport === undefined)
      report(
        "customs.customsInfo.reasonForExport",
        "reasonForExport is required for expedited shipments"
      )
  },
})

export const otherExplanationRule = defineRule({
  id: "customs-info.reasonForExportExplanation.required-for-other",
  source: SOURCE.customsInfo,
  description: "reasonForExport OTHER needs reasonForExportExplanation",
  variants: WITH_CUSTOMS,
  test(s, _ctx, report) {
    const info = customsInfo(s)
    if (
      str(info?.reasonForExport) === "OTHER" &&
      !filled(info?.reasonForExportExplanation)
    ) {
      report(
        "customs.customsInfo.reasonForExportExplanation",
        "explain the reason for export OTHER"
      )
    }
  },
})

export const fcmiDocumentsRule = defineRule({
  id: "customs-info.reasonForExport.documents-for-service",
  source: SOURCE.customsInfo,
  description: "service FCMI ships reasonForExport DOCUMENTS",
  variants: ["expedited"],
  test(s, _ctx, report) {
    const id = serviceId(s)
    if (id && DOCUMENTS_ONLY_SERVICE_IDS.includes(id))
      requireReason(s, "DOCUMENTS", `for service ${id}`, report)
  },
})

export const militaryFlatDocumentsRule = defineRule({
  id: "customs-info.reasonForExport.military-flat-documents",
  source: SOURCE.customsInfo,
  description: "FLAT parcels to APO/FPO/DPO ship reasonForExport DOCUMENTS",
  variants: ["expedited"],
  test(s, _ctx, report) {
    if (
      parcelType(s) === "FLAT" &&
      MILITARY_CITIES.includes(upper(s.toAddress?.cityTown) ?? "")
    ) {
      requireReason(s, "DOCUMENTS", "for flats to APO/FPO/DPO", report)
    }
  },
})

function toUsTerritory(s: ShipmentDraft): boolean {
  const to = toCountry(s)
  return (
    US_TERRITORY_CODES.includes(to ?? "") ||
    (to === UNITED_STATES &&
      US_TERRITORY_CODES.includes(str(s.toAddress?.stateProvince) ?? ""))
  )
}

export const territoryDangerousGoodsRule = defineRule({
  id: "customs-info.reasonForExport.territory-dangerous-goods",
  source: SOURCE.customsInfo,
  description:
    "hazardous material (hazmat special service) to a U.S. territory ships reasonForExport DANGEROUS_GOODS",
  variants: ["expedited"],
  test(s, _ctx, report) {
    if (toUsTerritory(s) && hasSpecialService(s, HAZMAT_SPECIAL_SERVICES)) {
      requireReason(
        s,
        "DANGEROUS_GOODS",
        "for hazardous material to U.S. territories",
        report
      )
    }
  },
})

/** unitPrice * quantity of an item, when both are numbers. */
function itemValue(item: { unitPrice?: unknown; quantity?: unknown }): number {
  return (num(item.unitPrice) ?? 0) * (num(item.quantity) ?? 0)
}

/**
 * Indices of the customs items valued (unitPrice * quantity) above the EELPFC threshold, which
 * doc 2 gives in USD: other currencies are not converted (no exchange rates in a pure library),
 * so only USD customs are counted. Used by the rule and by the plugin's customs builder.
 */
export function itemsAboveEelpfcThreshold(
  currencyCode: unknown,
  items: readonly { unitPrice?: unknown; quantity?: unknown }[]
): number[] {
  if (str(currencyCode) !== "USD") return []
  return items.flatMap((item, i) =>
    itemValue(item) > LIMITS.eelpfcThresholdUsd ? [i] : []
  )
}

export const eelpfcRule = defineRule({
  id: "customs-info.EELPFC.required-above-threshold",
  source: SOURCE.customsInfo,
  description: `EELPFC is given when an item (unitPrice * quantity) is valued above ${LIMITS.eelpfcThresholdUsd} USD; other currencies are not converted, so not checked`,
  variants: WITH_CUSTOMS,
  test(s, _ctx, report) {
    const info = customsInfo(s)
    if (filled(info?.EELPFC)) return
    const items = customsItems(s)
    for (const i of itemsAboveEelpfcThreshold(info?.currencyCode, items)) {
      report(
        "customs.customsInfo.EELPFC",
        `EELPFC is required: customs item ${i} is valued ${itemValue(items[i])} USD`
      )
    }
  },
})

function toEu(s: ShipmentDraft): boolean {
  return EU_COUNTRY_CODES.includes(toCountry(s) ?? "")
}

/**
 * Doc 2: importerCustomsReference is "Required for EU (VAT or IOSS number) and Brazil (importer
 * tax id)". The kind of reference a destination needs, if any; used by the rules and by the
 * plugin's customs builder.
 */
export function importerReferenceRequired(
  toCountryCode: unknown
): "vat-or-ioss" | "brazil-tax-id" | undefined {
  const country = str(toCountryCode) ?? ""
  if (EU_COUNTRY_CODES.includes(country)) return "vat-or-ioss"
  if (country === BRAZIL) return "brazil-tax-id"
  return undefined
}

export const euHsCodeRule = defineRule({
  id: "customs-item.hSTariffCode.eu-required",
  source: SOURCE.customsItem,
  description: `to the EU every customs item carries hSTariffCode with at least ${LIMITS.euHsCodeDigits} digits`,
  variants: WITH_CUSTOMS,
  test(s, _ctx, report) {
    if (!toEu(s)) return
    customsItems(s).forEach((item, i) => {
      if (
        (str(item.hSTariffCode) ?? "").replace(/\D/g, "").length <
        LIMITS.euHsCodeDigits
      ) {
        report(
          `customs.customsItems[${i}].hSTariffCode`,
          `an HS code of at least ${LIMITS.euHsCodeDigits} digits is required for EU destinations`
        )
      }
    })
  },
})

export const euImporterRule = defineRule({
  id: "customs-info.importerCustomsReference.eu-required",
  source: SOURCE.customsInfo,
  description:
    "to the EU customsInfo carries importerCustomsReference (a VAT or IOSS number)",
  variants: WITH_CUSTOMS,
  test(s, _ctx, report) {
    const info = customsInfo(s)
    if (
      importerReferenceRequired(toCountry(s)) !== "vat-or-ioss" ||
      info === undefined
    )
      return
    if (!filled(info.importerCustomsReference))
      report(
        "customs.customsInfo.importerCustomsReference",
        "a VAT or IOSS number is required for EU destinations"
      )
  },
})

export const importerReferenceTypeRule = defineRule({
  id: "customs-info.importerCustomsReferenceType.with-vat-or-ioss",
  source: SOURCE.customsInfo,
  description:
    "an importerCustomsReference carries importerCustomsReferenceType (IOSS_NUMBER or VAT_NUMBER) wherever it goes: it is a VAT or IOSS number, except Brazil's importer tax id",
  variants: WITH_CUSTOMS,
  test(s, _ctx, report) {
    const info = customsInfo(s)
    if (
      !filled(info?.importerCustomsReference) ||
      importerReferenceRequired(toCountry(s)) === "brazil-tax-id"
    )
      return
    if (info?.importerCustomsReferenceType === undefined) {
      report(
        "customs.customsInfo.importerCustomsReferenceType",
        "IOSS_NUMBER or VAT_NUMBER is required with a VAT or IOSS number"
      )
    }
  },
})

export const brazilImporterRule = defineRule({
  id: "customs-info.importerCustomsReference.brazil-required",
  source: SOURCE.customsInfo,
  description:
    "to Brazil customsInfo carries importerCustomsReference (the importer's tax id; without it the parcel may be returned)",
  variants: WITH_CUSTOMS,
  test(s, _ctx, report) {
    const info = customsInfo(s)
    if (
      importerReferenceRequired(toCountry(s)) === "brazil-tax-id" &&
      info !== undefined &&
      !filled(info.importerCustomsReference)
    ) {
      report(
        "customs.customsInfo.importerCustomsReference",
        "the importer's tax id is required for Brazil"
      )
    }
  },
})

export const swissVatPlacementRule = defineRule({
  id: "customs-info.importerCustomsReference.not-swiss-vat",
  source: SOURCE.customsInfo,
  description:
    "a Swiss VAT id (CHE…) goes in fromCustomsReference, not importerCustomsReference",
  variants: WITH_CUSTOMS,
  test(s, _ctx, report) {
    if (/^CHE/i.test(str(customsInfo(s)?.importerCustomsReference) ?? "")) {
      report(
        "customs.customsInfo.importerCustomsReference",
        "put the Swiss VAT id in fromCustomsReference"
      )
    }
  },
})

export const expeditedQuantityRule = defineRule({
  id: "customs-item.quantity.expedited-max",
  source: SOURCE.limits,
  description: `the quantity of one expedited commodity is at most ${LIMITS.expeditedQuantity}`,
  variants: ["expedited"],
  test(s, _ctx, report) {
    customsItems(s).forEach((item, i) => {
      const quantity = num(item.quantity)
      if (quantity !== undefined && quantity > LIMITS.expeditedQuantity)
        report(
          `customs.customsItems[${i}].quantity`,
          `at most ${LIMITS.expeditedQuantity}`
        )
    })
  },
})

export const expeditedUnitWeightRule = defineRule({
  id: "customs-item.unitWeight.expedited-oz",
  source: SOURCE.customsItem,
  description: `expedited customs items are weighed in OZ (cross-border also accepts ${CUSTOMS_WEIGHT_UNITS.join(", ")})`,
  variants: ["expedited"],
  test(s, _ctx, report) {
    customsItems(s).forEach((item, i) => {
      const unit = str(item.unitWeight?.unitOfMeasurement)
      if (unit !== undefined && unit !== "OZ")
        report(
          `customs.customsItems[${i}].unitWeight.unitOfMeasurement`,
          "must be OZ"
        )
    })
  },
})

export const crossBorderCurrencyRule = defineRule({
  id: "customs-info.currencyCode.cross-border-origin",
  source: SOURCE.customsInfo,
  description:
    "cross-border customs currency follows the origin: USD (U.S.), GBP (UK), CAD (Canada)",
  variants: ["cross-border"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const expected = CROSS_BORDER_CURRENCY_BY_ORIGIN[fromCountry(s) ?? ""]
    const actual = str(customsInfo(s)?.currencyCode)
    if (expected && actual !== undefined && actual !== expected) {
      report(
        "customs.customsInfo.currencyCode",
        `must be ${expected} for shipments from ${fromCountry(s)}`
      )
    }
  },
})

export const CUSTOMS_RULES = [
  customsRequiredRule,
  customsItemsRequiredRule,
  expeditedReasonRule,
  otherExplanationRule,
  fcmiDocumentsRule,
  militaryFlatDocumentsRule,
  territoryDangerousGoodsRule,
  eelpfcRule,
  euHsCodeRule,
  euImporterRule,
  importerReferenceTypeRule,
  brazilImporterRule,
  swissVatPlacementRule,
  expeditedQuantityRule,
  expeditedUnitWeightRule,
  crossBorderCurrencyRule,
]
