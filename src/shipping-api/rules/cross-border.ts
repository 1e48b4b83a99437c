// One table of data: the documents' cross-border rules, one defineRule each with its examples (kept whole).
import {
  BULK_PICKUP_SOLUTION,
  CANADA,
  CROSS_BORDER_ATTENTION_TEXT,
  CROSS_BORDER_CLASSES_BY_ORIGIN,
  CROSS_BORDER_REFERENCE,
  DELIVERY_SOLUTIONS,
  FACILITY_SOLUTIONS,
  HUB_DROP_OFF_SOLUTION,
  LIMITS,
  SHIPMENT_OPTION,
  STANDARD_LABEL_SOLUTIONS,
} from "../constants"
import { SOURCE } from "../schemas/common"
import {
  customsItems,
  deliverySolution,
  filled,
  fromCountry,
  hasOption,
  list,
  optionPath,
  serviceId,
  str,
  toCountry,
} from "./read"
import { defineRule } from "./types"

const {
  deliverySolution: DELIVERY_SOLUTION,
  clientId: CLIENT_ID,
  clientFacilityId: CLIENT_FACILITY_ID,
} = SHIPMENT_OPTION
const { carrierFacilityId: CARRIER_FACILITY_ID, sellerId: SELLER_ID } =
  SHIPMENT_OPTION

/**
 * Doc 2: address line 1 carries the cross-border attention text for the solutions printing a
 * standard delivery label. Ours: it is fromAddress, the only address of the request that is on
 * that label (docs/shipment-rules.md, Interpretations). The text becomes line 1 and the street
 * moves down; with three lines already, the last two are joined so the count stays at most three.
 */
export function withCrossBorderAttention(
  addressLines: readonly string[]
): string[] {
  if (hasAttentionText(addressLines)) return [...addressLines]
  const lines = [CROSS_BORDER_ATTENTION_TEXT, ...addressLines]
  return lines.length <= 3
    ? lines
    : [lines[0], lines[1], lines.slice(2).join(", ")]
}

function hasAttentionText(addressLines: unknown): boolean {
  const first = Array.isArray(addressLines) ? str(addressLines[0]) : undefined
  return (
    first !== undefined &&
    first.toLowerCase().includes(CROSS_BORDER_ATTENTION_TEXT.toLowerCase())
  )
}

export const deliverySolutionRequiredRule = defineRule({
  id: "shipment-options.DELIVERY_SOLUTION.required",
  source: SOURCE.solutions,
  description:
    "cross-border requests name their DELIVERY_SOLUTION (optional only for accounts created before April 2023 with one solution: ctx.legacySingleSolutionAccount)",
  variants: ["cross-border"],
  test(s, ctx, report) {
    if (!ctx.legacySingleSolutionAccount && !hasOption(s, DELIVERY_SOLUTION))
      report(optionPath(s, DELIVERY_SOLUTION), "DELIVERY_SOLUTION is required")
  },
})

export const deliverySolutionOriginRule = defineRule({
  id: "shipment-options.DELIVERY_SOLUTION.origin",
  source: SOURCE.solutions,
  description:
    "DELIVERY_SOLUTION is one of the solutions offered from the shipment's origin country",
  variants: ["cross-border"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const solution = deliverySolution(s)
    if (solution === undefined) return
    const origins = DELIVERY_SOLUTIONS[solution]
    const from = fromCountry(s)
    if (!origins)
      report(
        optionPath(s, DELIVERY_SOLUTION),
        `"${solution}" is not a delivery solution; expected one of ${Object.keys(DELIVERY_SOLUTIONS).join(", ")}`
      )
    else if (from && !origins.includes(from))
      report(
        optionPath(s, DELIVERY_SOLUTION),
        `${solution} is offered from ${origins.join(", ")} only`
      )
  },
})

export const classByOriginRule = defineRule({
  id: "rates.serviceId.cross-border-origin",
  source: SOURCE.services,
  description:
    "cross-border classes by origin: U.S. XBXPE, XBXPS, XBXUS; UK XBXPS; Canada XBXPS",
  variants: ["cross-border"],
  operations: ["create", "rates"],
  test(s, _ctx, report) {
    const allowed = CROSS_BORDER_CLASSES_BY_ORIGIN[fromCountry(s) ?? ""]
    const id = serviceId(s)
    if (allowed && id !== undefined && !allowed.includes(id))
      report(
        "rates[0].serviceId",
        `from ${fromCountry(s)} the classes are ${allowed.join(", ")}`
      )
  },
})

export const standardLabelClientIdsRule = defineRule({
  id: "shipment-options.cross-border.standard-label-client-ids",
  source: SOURCE.solutions,
  description:
    "solutions printing a standard delivery label (PICKUP_STANDARDLABEL, DROPOFF_STANDARDLABEL) send CLIENT_ID and CLIENT_FACILITY_ID",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    if (!STANDARD_LABEL_SOLUTIONS.includes(deliverySolution(s) ?? "")) return
    for (const name of [CLIENT_ID, CLIENT_FACILITY_ID]) {
      if (!hasOption(s, name))
        report(
          optionPath(s, name),
          `${name} is required with ${deliverySolution(s)}`
        )
    }
  },
})

export const attentionTextRule = defineRule({
  id: "address.cross-border.attention-text",
  source: SOURCE.solutions,
  description: `drop-off or pickup to a standard delivery facility (PICKUP_STANDARDLABEL, DROPOFF_STANDARDLABEL): fromAddress line 1 carries the attention text "${CROSS_BORDER_ATTENTION_TEXT}"`,
  variants: ["cross-border"],
  test(s, _ctx, report) {
    const solution = deliverySolution(s) ?? ""
    if (
      STANDARD_LABEL_SOLUTIONS.includes(solution) &&
      !hasAttentionText(s.fromAddress?.addressLines)
    ) {
      report(
        "fromAddress.addressLines[0]",
        `address line 1 must carry "${CROSS_BORDER_ATTENTION_TEXT}" with ${solution}`
      )
    }
  },
})

export const bulkPickupReferencesRule = defineRule({
  id: "references.cross-border.bulk-pickup-required",
  source: SOURCE.references,
  description: `bulk pickup (${BULK_PICKUP_SOLUTION}, which a pickup to a standard delivery facility cannot be told apart from) sends at least one reference`,
  variants: ["cross-border"],
  test(s, _ctx, report) {
    if (
      deliverySolution(s) === BULK_PICKUP_SOLUTION &&
      list(s.references).length === 0
    ) {
      report(
        "references",
        `references are required for bulk pickup (${BULK_PICKUP_SOLUTION}): send ORDER_NUMBER or ReferenceNumber`
      )
    }
  },
})

export const carrierFacilityRule = defineRule({
  id: "shipment-options.cross-border.carrier-facility",
  source: SOURCE.solutions,
  description:
    "drop-off solutions and bulk pickup (PICKUP_STANDARDLABEL) send CARRIER_FACILITY_ID, the hub id",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    const solution = deliverySolution(s)
    if (
      solution &&
      FACILITY_SOLUTIONS.includes(solution) &&
      !hasOption(s, CARRIER_FACILITY_ID)
    ) {
      report(
        optionPath(s, CARRIER_FACILITY_ID),
        `CARRIER_FACILITY_ID is required with ${solution}`
      )
    }
  },
})

export const hubDropOffDetailsRule = defineRule({
  id: "domestic-shipment-details.cross-border.hub-drop-off",
  source: SOURCE.solutions,
  description:
    "drop-off to hub (DROPOFF_CLIENTLABEL) sends domesticShipmentDetails with the first-mile shipperTrackingNumber",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    if (
      deliverySolution(s) === HUB_DROP_OFF_SOLUTION &&
      !filled(s.domesticShipmentDetails?.shipperTrackingNumber)
    ) {
      report(
        "domesticShipmentDetails.shipperTrackingNumber",
        "the first-mile tracking number is required for a drop-off to hub"
      )
    }
  },
})

export const barCodeLabelNumberRule = defineRule({
  id: "domestic-shipment-details.barCodeLabelNumber.same",
  source: SOURCE.domesticShipmentDetails,
  description:
    "barCodeLabelNumber, when sent, is the same number as shipperTrackingNumber",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    const details = s.domesticShipmentDetails
    const barcode = str(details?.barCodeLabelNumber)
    if (
      barcode !== undefined &&
      barcode !== str(details?.shipperTrackingNumber)
    ) {
      report(
        "domesticShipmentDetails.barCodeLabelNumber",
        "must equal shipperTrackingNumber"
      )
    }
  },
})

export const clientIdWithClientLabelRule = defineRule({
  id: "shipment-options.CLIENT_ID.not-with-client-label",
  source: SOURCE.errors,
  description: "CLIENT_ID is not sent with DROPOFF_CLIENTLABEL (Errors 2)",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    if (
      deliverySolution(s) === HUB_DROP_OFF_SOLUTION &&
      hasOption(s, CLIENT_ID)
    ) {
      report(
        optionPath(s, CLIENT_ID),
        `CLIENT_ID must not be sent with ${HUB_DROP_OFF_SOLUTION}`
      )
    }
  },
})

export const sellerIdRule = defineRule({
  id: "shipment-options.SELLER_ID.with-additional-addresses",
  source: SOURCE.shipment,
  description:
    "additionalAddresses (marketplace sellers) require option SELLER_ID",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    if (list(s.additionalAddresses).length > 0 && !hasOption(s, SELLER_ID))
      report(
        optionPath(s, SELLER_ID),
        "SELLER_ID is required with additionalAddresses"
      )
  },
})

export const itemIdRequiredRule = defineRule({
  id: "customs-item.itemId.cross-border-required",
  source: SOURCE.customsItem,
  description: "cross-border customs items carry itemId",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    customsItems(s).forEach((item, i) => {
      if (!filled(item.itemId))
        report(
          `customs.customsItems[${i}].itemId`,
          "itemId is required for cross-border"
        )
    })
  },
})

export const itemIdUniqueRule = defineRule({
  id: "customs-item.itemId.unique",
  source: SOURCE.customsItem,
  description:
    "itemId is unique per product variant: no two customs items of a request share one",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    const seen = new Set<string>()
    customsItems(s).forEach((item, i) => {
      const id = str(item.itemId)
      if (id === undefined) return
      if (seen.has(id))
        report(
          `customs.customsItems[${i}].itemId`,
          `itemId ${id} is used by another item`
        )
      seen.add(id)
    })
  },
})

export const urlRequiredRule = defineRule({
  id: "customs-item.url.cross-border-required",
  source: SOURCE.customsItem,
  description:
    "cross-border customs items carry url (an empty string is allowed)",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    customsItems(s).forEach((item, i) => {
      if (typeof item.url !== "string")
        report(
          `customs.customsItems[${i}].url`,
          "url is required for cross-border (may be empty)"
        )
    })
  },
})

export const hsCountryRule = defineRule({
  id: "customs-item.hSTariffCodeCountry.with-code",
  source: SOURCE.customsItem,
  description:
    "cross-border items with hSTariffCode also carry hSTariffCodeCountry",
  variants: ["cross-border"],
  test(s, _ctx, report) {
    customsItems(s).forEach((item, i) => {
      if (filled(item.hSTariffCode) && !filled(item.hSTariffCodeCountry)) {
        report(
          `customs.customsItems[${i}].hSTariffCodeCountry`,
          "hSTariffCodeCountry is required with hSTariffCode"
        )
      }
    })
  },
})

export const crossBorderReferencesRule = defineRule({
  id: "references.cross-border.names-and-values",
  source: SOURCE.references,
  description: `cross-border references are ORDER_NUMBER (at most ${LIMITS.crossBorderOrderNumber}, no spaces) or ReferenceNumber (at most ${LIMITS.crossBorderReferenceNumber}, not intra-Canada)`,
  variants: ["cross-border"],
  test(s, _ctx, report) {
    const intraCanada = fromCountry(s) === CANADA && toCountry(s) === CANADA
    list(s.references).forEach((ref, i) => {
      const value = str(ref.value) ?? ""
      if (ref.name === CROSS_BORDER_REFERENCE.orderNumber) {
        if (value.length > LIMITS.crossBorderOrderNumber)
          report(
            `references[${i}].value`,
            `ORDER_NUMBER has at most ${LIMITS.crossBorderOrderNumber} characters`
          )
        if (/\s/.test(value))
          report(`references[${i}].value`, "ORDER_NUMBER has no spaces")
      } else if (ref.name === CROSS_BORDER_REFERENCE.referenceNumber) {
        if (value.length > LIMITS.crossBorderReferenceNumber)
          report(
            `references[${i}].value`,
            `ReferenceNumber has at most ${LIMITS.crossBorderReferenceNumber} characters`
          )
        if (intraCanada)
          report(
            `references[${i}].name`,
            "ReferenceNumber does not apply to shipments within Canada"
          )
      } else {
        report(
          `references[${i}].name`,
          "cross-border references are named ORDER_NUMBER or ReferenceNumber"
        )
      }
    })
  },
})

export const CROSS_BORDER_RULES = [
  deliverySolutionRequiredRule,
  deliverySolutionOriginRule,
  classByOriginRule,
  standardLabelClientIdsRule,
  attentionTextRule,
  bulkPickupReferencesRule,
  carrierFacilityRule,
  hubDropOffDetailsRule,
  barCodeLabelNumberRule,
  clientIdWithClientLabelRule,
  sellerIdRule,
  itemIdRequiredRule,
  itemIdUniqueRule,
  urlRequiredRule,
  hsCountryRule,
  crossBorderReferencesRule,
]
