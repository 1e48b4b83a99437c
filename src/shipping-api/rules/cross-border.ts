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
import { eachItem, mustBeOneOf, reportWhen, requireOptions } from "./shapes"
import { defineRule, type RuleDefinition } from "./types"

const {
  deliverySolution: DELIVERY_SOLUTION,
  clientId: CLIENT_ID,
  clientFacilityId: CLIENT_FACILITY_ID,
  carrierFacilityId: CARRIER_FACILITY_ID,
  sellerId: SELLER_ID,
} = SHIPMENT_OPTION
const XB = ["cross-border"] as const
const BOTH = ["create", "rates"] as const

/** Ours: on fromAddress, the only address on that label; the text becomes line 1, at most three kept. */
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

const eachItemNeeds = (
  def: Omit<RuleDefinition, "test" | "variants">,
  field: string,
  broken: (item: ReturnType<typeof customsItems>[number]) => boolean,
  message: string
) =>
  eachItem({
    ...def,
    variants: XB,
    items: customsItems,
    broken,
    path: (_item, i) => `customs.customsItems[${i}].${field}`,
    message,
  })

export const CROSS_BORDER_RULES = [
  requireOptions({
    id: "shipment-options.DELIVERY_SOLUTION.required",
    source: SOURCE.solutions,
    description:
      "cross-border requests name their DELIVERY_SOLUTION (optional only for accounts created before April 2023 with one solution: ctx.legacySingleSolutionAccount)",
    variants: XB,
    options: [DELIVERY_SOLUTION],
    when: (_s, ctx) => !ctx.legacySingleSolutionAccount,
    message: "DELIVERY_SOLUTION is required",
  }),
  reportWhen({
    id: "shipment-options.DELIVERY_SOLUTION.origin",
    source: SOURCE.solutions,
    description:
      "DELIVERY_SOLUTION is one of the solutions offered from the shipment's origin country",
    variants: XB,
    operations: BOTH,
    when: (s) => {
      const solution = deliverySolution(s)
      if (solution === undefined) return false
      const origins = DELIVERY_SOLUTIONS[solution]
      const from = fromCountry(s)
      return !origins || (!!from && !origins.includes(from))
    },
    path: (s) => optionPath(s, DELIVERY_SOLUTION),
    message: (s) => {
      const solution = deliverySolution(s)!
      const origins = DELIVERY_SOLUTIONS[solution]
      return origins
        ? `${solution} is offered from ${origins.join(", ")} only`
        : `"${solution}" is not a delivery solution; expected one of ${Object.keys(DELIVERY_SOLUTIONS).join(", ")}`
    },
  }),
  mustBeOneOf({
    id: "rates.serviceId.cross-border-origin",
    source: SOURCE.services,
    description:
      "cross-border classes by origin: U.S. XBXPE, XBXPS, XBXUS; UK XBXPS; Canada XBXPS",
    variants: XB,
    operations: BOTH,
    path: "rates[0].serviceId",
    read: serviceId,
    allowed: (s) => CROSS_BORDER_CLASSES_BY_ORIGIN[fromCountry(s) ?? ""],
    message: ({ allowed, s }) =>
      `from ${fromCountry(s)} the classes are ${allowed.join(", ")}`,
  }),
  requireOptions({
    id: "shipment-options.cross-border.standard-label-client-ids",
    source: SOURCE.solutions,
    description:
      "solutions printing a standard delivery label (PICKUP_STANDARDLABEL, DROPOFF_STANDARDLABEL) send CLIENT_ID and CLIENT_FACILITY_ID",
    variants: XB,
    options: [CLIENT_ID, CLIENT_FACILITY_ID],
    when: (s) => STANDARD_LABEL_SOLUTIONS.includes(deliverySolution(s) ?? ""),
    message: (name, s) => `${name} is required with ${deliverySolution(s)}`,
  }),
  reportWhen({
    id: "address.cross-border.attention-text",
    source: SOURCE.solutions,
    description: `drop-off or pickup to a standard delivery facility (PICKUP_STANDARDLABEL, DROPOFF_STANDARDLABEL): fromAddress line 1 carries the attention text "${CROSS_BORDER_ATTENTION_TEXT}"`,
    variants: XB,
    when: (s) =>
      STANDARD_LABEL_SOLUTIONS.includes(deliverySolution(s) ?? "") &&
      !hasAttentionText(s.fromAddress?.addressLines),
    path: "fromAddress.addressLines[0]",
    message: (s) =>
      `address line 1 must carry "${CROSS_BORDER_ATTENTION_TEXT}" with ${deliverySolution(s) ?? ""}`,
  }),
  reportWhen({
    id: "references.cross-border.bulk-pickup-required",
    source: SOURCE.references,
    description: `bulk pickup (${BULK_PICKUP_SOLUTION}, which a pickup to a standard delivery facility cannot be told apart from) sends at least one reference`,
    variants: XB,
    when: (s) =>
      deliverySolution(s) === BULK_PICKUP_SOLUTION &&
      list(s.references).length === 0,
    path: "references",
    message: `references are required for bulk pickup (${BULK_PICKUP_SOLUTION}): send ORDER_NUMBER or ReferenceNumber`,
  }),
  requireOptions({
    id: "shipment-options.cross-border.carrier-facility",
    source: SOURCE.solutions,
    description:
      "drop-off solutions and bulk pickup (PICKUP_STANDARDLABEL) send CARRIER_FACILITY_ID, the hub id",
    variants: XB,
    options: [CARRIER_FACILITY_ID],
    when: (s) => FACILITY_SOLUTIONS.includes(deliverySolution(s) || ""),
    message: (_name, s) =>
      `CARRIER_FACILITY_ID is required with ${deliverySolution(s)}`,
  }),
  reportWhen({
    id: "domestic-shipment-details.cross-border.hub-drop-off",
    source: SOURCE.solutions,
    description:
      "drop-off to hub (DROPOFF_CLIENTLABEL) sends domesticShipmentDetails with the first-mile shipperTrackingNumber",
    variants: XB,
    when: (s) =>
      deliverySolution(s) === HUB_DROP_OFF_SOLUTION &&
      !filled(s.domesticShipmentDetails?.shipperTrackingNumber),
    path: "domesticShipmentDetails.shipperTrackingNumber",
    message: "the first-mile tracking number is required for a drop-off to hub",
  }),
  reportWhen({
    id: "domestic-shipment-details.barCodeLabelNumber.same",
    source: SOURCE.domesticShipmentDetails,
    description:
      "barCodeLabelNumber, when sent, is the same number as shipperTrackingNumber",
    variants: XB,
    when: ({ domesticShipmentDetails: d }) =>
      str(d?.barCodeLabelNumber) !== undefined &&
      str(d?.barCodeLabelNumber) !== str(d?.shipperTrackingNumber),
    path: "domesticShipmentDetails.barCodeLabelNumber",
    message: "must equal shipperTrackingNumber",
  }),
  reportWhen({
    id: "shipment-options.CLIENT_ID.not-with-client-label",
    source: SOURCE.errors,
    description: "CLIENT_ID is not sent with DROPOFF_CLIENTLABEL (Errors 2)",
    variants: XB,
    when: (s) =>
      deliverySolution(s) === HUB_DROP_OFF_SOLUTION && hasOption(s, CLIENT_ID),
    path: (s) => optionPath(s, CLIENT_ID),
    message: `CLIENT_ID must not be sent with ${HUB_DROP_OFF_SOLUTION}`,
  }),
  requireOptions({
    id: "shipment-options.SELLER_ID.with-additional-addresses",
    source: SOURCE.shipment,
    description:
      "additionalAddresses (marketplace sellers) require option SELLER_ID",
    variants: XB,
    options: [SELLER_ID],
    when: (s) => list(s.additionalAddresses).length > 0,
    message: "SELLER_ID is required with additionalAddresses",
  }),
  eachItemNeeds(
    {
      id: "customs-item.itemId.cross-border-required",
      source: SOURCE.customsItem,
      description: "cross-border customs items carry itemId",
    },
    "itemId",
    (item) => !filled(item.itemId),
    "itemId is required for cross-border"
  ),
  defineRule({
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
  }),
  eachItemNeeds(
    {
      id: "customs-item.url.cross-border-required",
      source: SOURCE.customsItem,
      description:
        "cross-border customs items carry url (an empty string is allowed)",
    },
    "url",
    (item) => typeof item.url !== "string",
    "url is required for cross-border (may be empty)"
  ),
  eachItemNeeds(
    {
      id: "customs-item.hSTariffCodeCountry.with-code",
      source: SOURCE.customsItem,
      description:
        "cross-border items with hSTariffCode also carry hSTariffCodeCountry",
    },
    "hSTariffCodeCountry",
    (item) => filled(item.hSTariffCode) && !filled(item.hSTariffCodeCountry),
    "hSTariffCodeCountry is required with hSTariffCode"
  ),
  defineRule({
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
  }),
]
