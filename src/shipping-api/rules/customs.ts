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
import { eachItem, mustBeOneOf, reportWhen } from "./shapes"
import type { RuleDefinition, ShipmentDraft } from "./types"

const WITH_CUSTOMS = VARIANTS.filter(
  (v) => VARIANT_TRAITS[v].customs !== "never"
)

const info = (s: ShipmentDraft) => s.customs?.customsInfo
const INFO = "customs.customsInfo"

/** Expedited rules, when customsInfo is sent. */
const reasonMustBe = (
  def: Omit<RuleDefinition, "test" | "variants">,
  reason: ReasonForExport,
  when: (s: ShipmentDraft) => boolean,
  why: (s: ShipmentDraft) => string
) =>
  reportWhen({
    ...def,
    variants: ["expedited"],
    when: (s) =>
      when(s) &&
      info(s) !== undefined &&
      str(info(s)!.reasonForExport) !== reason,
    path: `${INFO}.reasonForExport`,
    message: (s) => `must be ${reason} ${why(s)}`,
  })

const eachCustomsItem = (
  def: Omit<RuleDefinition, "test">,
  field: string,
  broken: (item: ReturnType<typeof customsItems>[number]) => boolean,
  message: string,
  when?: (s: ShipmentDraft) => boolean
) =>
  eachItem({
    ...def,
    items: customsItems,
    when,
    broken,
    path: (_item, i) => `customs.customsItems[${i}].${field}`,
    message,
  })

function toUsTerritory(s: ShipmentDraft): boolean {
  const to = toCountry(s)
  return (
    US_TERRITORY_CODES.includes(to ?? "") ||
    (to === UNITED_STATES &&
      US_TERRITORY_CODES.includes(str(s.toAddress?.stateProvince) ?? ""))
  )
}

function itemValue(item: { unitPrice?: unknown; quantity?: unknown }): number {
  return (num(item.unitPrice) ?? 0) * (num(item.quantity) ?? 0)
}

/** Doc 2 gives the EELPFC threshold in USD and a pure library has no exchange rates: USD only. */
export function itemsAboveEelpfcThreshold(
  currencyCode: unknown,
  items: readonly { unitPrice?: unknown; quantity?: unknown }[]
): number[] {
  if (str(currencyCode) !== "USD") return []
  return items.flatMap((item, i) =>
    itemValue(item) > LIMITS.eelpfcThresholdUsd ? [i] : []
  )
}

/** Doc 2: "Required for EU (VAT or IOSS number) and Brazil (importer tax id)". */
export function importerReferenceRequired(
  toCountryCode: unknown
): "vat-or-ioss" | "brazil-tax-id" | undefined {
  const country = str(toCountryCode) ?? ""
  if (EU_COUNTRY_CODES.includes(country)) return "vat-or-ioss"
  if (country === BRAZIL) return "brazil-tax-id"
  return undefined
}

const toEu = (s: ShipmentDraft) => EU_COUNTRY_CODES.includes(toCountry(s) ?? "")

export const CUSTOMS_RULES = [
  reportWhen({
    id: "customs.required",
    source: SOURCE.perVariant,
    description:
      "customs is included for expedited shipments abroad, carrier-account shipments to Puerto Rico or abroad, and every cross-border shipment",
    variants: WITH_CUSTOMS,
    when: (s, ctx) =>
      customsRequired(ctx.variant, {
        international: isInternational(s),
        usToPuertoRico: isUsToPuertoRico(s),
      }) && s.customs === undefined,
    path: "customs",
    message: (_s, ctx) =>
      `customs is required for this ${ctx.variant} shipment`,
  }),
  reportWhen({
    id: "customs.customsItems.required",
    source: SOURCE.perVariant,
    description: "customs, when sent, lists at least one customs item",
    variants: VARIANTS,
    when: (s) => s.customs !== undefined && customsItems(s).length === 0,
    path: "customs.customsItems",
    message: "at least one customs item is required",
  }),
  reportWhen({
    id: "customs-info.reasonForExport.expedited-required",
    source: SOURCE.customsInfo,
    description: "expedited customs carry reasonForExport",
    variants: ["expedited"],
    when: (s) =>
      info(s) !== undefined && info(s)!.reasonForExport === undefined,
    path: `${INFO}.reasonForExport`,
    message: "reasonForExport is required for expedited shipments",
  }),
  reportWhen({
    id: "customs-info.reasonForExportExplanation.required-for-other",
    source: SOURCE.customsInfo,
    description: "reasonForExport OTHER needs reasonForExportExplanation",
    variants: WITH_CUSTOMS,
    when: (s) =>
      str(info(s)?.reasonForExport) === "OTHER" &&
      !filled(info(s)?.reasonForExportExplanation),
    path: `${INFO}.reasonForExportExplanation`,
    message: "explain the reason for export OTHER",
  }),
  reasonMustBe(
    {
      id: "customs-info.reasonForExport.documents-for-service",
      source: SOURCE.customsInfo,
      description: "service FCMI ships reasonForExport DOCUMENTS",
    },
    "DOCUMENTS",
    (s) => DOCUMENTS_ONLY_SERVICE_IDS.includes(serviceId(s) ?? ""),
    (s) => `for service ${serviceId(s)}`
  ),
  reasonMustBe(
    {
      id: "customs-info.reasonForExport.military-flat-documents",
      source: SOURCE.customsInfo,
      description: "FLAT parcels to APO/FPO/DPO ship reasonForExport DOCUMENTS",
    },
    "DOCUMENTS",
    (s) =>
      parcelType(s) === "FLAT" &&
      MILITARY_CITIES.includes(upper(s.toAddress?.cityTown) ?? ""),
    () => "for flats to APO/FPO/DPO"
  ),
  reasonMustBe(
    {
      id: "customs-info.reasonForExport.territory-dangerous-goods",
      source: SOURCE.customsInfo,
      description:
        "hazardous material (hazmat special service) to a U.S. territory ships reasonForExport DANGEROUS_GOODS",
    },
    "DANGEROUS_GOODS",
    (s) => toUsTerritory(s) && hasSpecialService(s, HAZMAT_SPECIAL_SERVICES),
    () => "for hazardous material to U.S. territories"
  ),
  eachItem({
    id: "customs-info.EELPFC.required-above-threshold",
    source: SOURCE.customsInfo,
    description: `EELPFC is given when an item (unitPrice * quantity) is valued above ${LIMITS.eelpfcThresholdUsd} USD; other currencies are not converted, so not checked`,
    variants: WITH_CUSTOMS,
    items: (s) =>
      filled(info(s)?.EELPFC)
        ? []
        : itemsAboveEelpfcThreshold(info(s)?.currencyCode, customsItems(s)),
    broken: () => true,
    path: () => `${INFO}.EELPFC`,
    message: (i, s) =>
      `EELPFC is required: customs item ${i} is valued ${itemValue(customsItems(s)[i])} USD`,
  }),
  eachCustomsItem(
    {
      id: "customs-item.hSTariffCode.eu-required",
      source: SOURCE.customsItem,
      description: `to the EU every customs item carries hSTariffCode with at least ${LIMITS.euHsCodeDigits} digits`,
      variants: WITH_CUSTOMS,
    },
    "hSTariffCode",
    (item) =>
      (str(item.hSTariffCode) ?? "").replace(/\D/g, "").length <
      LIMITS.euHsCodeDigits,
    `an HS code of at least ${LIMITS.euHsCodeDigits} digits is required for EU destinations`,
    toEu
  ),
  reportWhen({
    id: "customs-info.importerCustomsReference.eu-required",
    source: SOURCE.customsInfo,
    description:
      "to the EU customsInfo carries importerCustomsReference (a VAT or IOSS number)",
    variants: WITH_CUSTOMS,
    when: (s) =>
      importerReferenceRequired(toCountry(s)) === "vat-or-ioss" &&
      info(s) !== undefined &&
      !filled(info(s)!.importerCustomsReference),
    path: `${INFO}.importerCustomsReference`,
    message: "a VAT or IOSS number is required for EU destinations",
  }),
  reportWhen({
    id: "customs-info.importerCustomsReferenceType.with-vat-or-ioss",
    source: SOURCE.customsInfo,
    description:
      "an importerCustomsReference carries importerCustomsReferenceType (IOSS_NUMBER or VAT_NUMBER) wherever it goes: it is a VAT or IOSS number, except Brazil's importer tax id",
    variants: WITH_CUSTOMS,
    when: (s) =>
      filled(info(s)?.importerCustomsReference) &&
      importerReferenceRequired(toCountry(s)) !== "brazil-tax-id" &&
      info(s)?.importerCustomsReferenceType === undefined,
    path: `${INFO}.importerCustomsReferenceType`,
    message: "IOSS_NUMBER or VAT_NUMBER is required with a VAT or IOSS number",
  }),
  reportWhen({
    id: "customs-info.importerCustomsReference.brazil-required",
    source: SOURCE.customsInfo,
    description:
      "to Brazil customsInfo carries importerCustomsReference (the importer's tax id; without it the parcel may be returned)",
    variants: WITH_CUSTOMS,
    when: (s) =>
      importerReferenceRequired(toCountry(s)) === "brazil-tax-id" &&
      info(s) !== undefined &&
      !filled(info(s)!.importerCustomsReference),
    path: `${INFO}.importerCustomsReference`,
    message: "the importer's tax id is required for Brazil",
  }),
  reportWhen({
    id: "customs-info.importerCustomsReference.not-swiss-vat",
    source: SOURCE.customsInfo,
    description:
      "a Swiss VAT id (CHE…) goes in fromCustomsReference, not importerCustomsReference",
    variants: WITH_CUSTOMS,
    when: (s) => /^CHE/i.test(str(info(s)?.importerCustomsReference) ?? ""),
    path: `${INFO}.importerCustomsReference`,
    message: "put the Swiss VAT id in fromCustomsReference",
  }),
  eachCustomsItem(
    {
      id: "customs-item.quantity.expedited-max",
      source: SOURCE.limits,
      description: `the quantity of one expedited commodity is at most ${LIMITS.expeditedQuantity}`,
      variants: ["expedited"],
    },
    "quantity",
    (item) => (num(item.quantity) ?? 0) > LIMITS.expeditedQuantity,
    `at most ${LIMITS.expeditedQuantity}`
  ),
  eachCustomsItem(
    {
      id: "customs-item.unitWeight.expedited-oz",
      source: SOURCE.customsItem,
      description: `expedited customs items are weighed in OZ (cross-border also accepts ${CUSTOMS_WEIGHT_UNITS.join(", ")})`,
      variants: ["expedited"],
    },
    "unitWeight.unitOfMeasurement",
    (item) => (str(item.unitWeight?.unitOfMeasurement) ?? "OZ") !== "OZ",
    "must be OZ"
  ),
  mustBeOneOf({
    id: "customs-info.currencyCode.cross-border-origin",
    source: SOURCE.customsInfo,
    description:
      "cross-border customs currency follows the origin: USD (U.S.), GBP (UK), CAD (Canada)",
    variants: ["cross-border"],
    operations: ["create", "rates"],
    path: `${INFO}.currencyCode`,
    read: (s) => info(s)?.currencyCode,
    allowed: (s) => {
      const expected = CROSS_BORDER_CURRENCY_BY_ORIGIN[fromCountry(s) ?? ""]
      return expected ? [expected] : undefined
    },
    message: ({ allowed, s }) =>
      `must be ${allowed[0]} for shipments from ${fromCountry(s)}`,
  }),
]
