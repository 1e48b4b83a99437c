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
import { removeOption, SAMPLE_ADDRESSES, setOption } from "./examples"
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
import { defineRule, type ShipmentDraft } from "./types"

const {
  deliverySolution: DELIVERY_SOLUTION,
  clientId: CLIENT_ID,
  clientFacilityId: CLIENT_FACILITY_ID,
} = SHIPMENT_OPTION
const { carrierFacilityId: CARRIER_FACILITY_ID, sellerId: SELLER_ID } =
  SHIPMENT_OPTION

/** A drop-off to hub, complete: no label, first-mile tracking number, no CLIENT_ID. */
const dropOffToHub = (s: ShipmentDraft) => {
  setOption(s, DELIVERY_SOLUTION, HUB_DROP_OFF_SOLUTION)
  delete s.documents
  s.domesticShipmentDetails = {
    shipperTrackingNumber: "9400111899223197428490",
    carrier: "USPS",
  }
}

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

/** A pickup printing a standard delivery label, complete. */
const standardLabelPickup = (s: ShipmentDraft) => {
  setOption(s, DELIVERY_SOLUTION, BULK_PICKUP_SOLUTION)
  setOption(s, CLIENT_ID, "ACME")
  setOption(s, CLIENT_FACILITY_ID, "0093")
  s.fromAddress!.addressLines = withCrossBorderAttention(
    s.fromAddress!.addressLines ?? []
  )
  s.references = [{ name: "ORDER_NUMBER", value: "1042" }]
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
  examples: {
    pass: [
      { note: "given" },
      {
        note: "legacy single-solution account",
        edit: (s) => {
          removeOption(s, DELIVERY_SOLUTION)
          removeOption(s, CARRIER_FACILITY_ID)
        },
        ctx: { legacySingleSolutionAccount: true },
      },
    ],
    fail: [
      { note: "missing", edit: (s) => removeOption(s, DELIVERY_SOLUTION) },
    ],
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
  examples: {
    pass: [
      {
        note: "final-mile label from Canada",
        edit: (s) => {
          s.fromAddress = structuredClone(SAMPLE_ADDRESSES.CA)
          s.rates![0].serviceId = "XBXPS"
          s.customs!.customsInfo!.currencyCode = "CAD"
          setOption(s, DELIVERY_SOLUTION, "PICKUP_FINALMILELABEL")
        },
      },
    ],
    fail: [
      {
        note: "unknown solution",
        edit: (s) => setOption(s, DELIVERY_SOLUTION, "TELEPORT"),
      },
      {
        note: "Canadian solution from the U.S.",
        edit: (s) => setOption(s, DELIVERY_SOLUTION, "DROPOFF_FINALMILELABEL"),
      },
    ],
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
  examples: {
    pass: [
      {
        note: "XBXUS from the U.S.",
        edit: (s) => (s.rates![0].serviceId = "XBXUS"),
      },
    ],
    fail: [
      {
        note: "XBXPE from the UK",
        edit: (s) => {
          s.fromAddress = structuredClone(SAMPLE_ADDRESSES.GB)
          s.toAddress = structuredClone(SAMPLE_ADDRESSES.JP)
          s.customs!.customsInfo!.currencyCode = "GBP"
        },
      },
    ],
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
  examples: {
    pass: [{ note: "pickup with both ids", edit: standardLabelPickup }],
    fail: [
      {
        note: "drop-off without CLIENT_ID",
        edit: (s) => {
          standardLabelPickup(s)
          setOption(s, DELIVERY_SOLUTION, "DROPOFF_STANDARDLABEL")
          removeOption(s, CLIENT_ID)
        },
      },
    ],
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
  examples: {
    pass: [
      { note: "pickup with the text as line 1", edit: standardLabelPickup },
      {
        note: "drop-off with the text inside line 1",
        edit: (s) => {
          standardLabelPickup(s)
          setOption(s, DELIVERY_SOLUTION, "DROPOFF_STANDARDLABEL")
          s.fromAddress!.addressLines = [
            "ATTN: CROSS-BORDER, 27 Waterview Drive",
          ]
        },
      },
      { note: "generic label without it" },
    ],
    fail: [
      {
        note: "pickup without it",
        edit: (s) => {
          standardLabelPickup(s)
          s.fromAddress!.addressLines = ["27 Waterview Drive"]
        },
      },
      {
        note: "the text on line 2",
        edit: (s) => {
          standardLabelPickup(s)
          s.fromAddress!.addressLines = [
            "27 Waterview Drive",
            CROSS_BORDER_ATTENTION_TEXT,
          ]
        },
      },
    ],
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
  examples: {
    pass: [
      { note: "bulk pickup with ORDER_NUMBER", edit: standardLabelPickup },
      { note: "generic-label drop-off without references" },
    ],
    fail: [
      {
        note: "bulk pickup without references",
        edit: (s) => {
          standardLabelPickup(s)
          delete s.references
        },
      },
      {
        note: "bulk pickup with an empty list",
        edit: (s) => {
          standardLabelPickup(s)
          s.references = []
        },
      },
    ],
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
  examples: {
    pass: [
      { note: "drop-off with hub id" },
      {
        note: "first-mile without hub id",
        edit: (s) => {
          setOption(s, DELIVERY_SOLUTION, "FIRSTMILE")
          removeOption(s, CARRIER_FACILITY_ID)
        },
      },
    ],
    fail: [
      {
        note: "drop-off without hub id",
        edit: (s) => removeOption(s, CARRIER_FACILITY_ID),
      },
      {
        note: "bulk pickup without hub id",
        edit: (s) => {
          standardLabelPickup(s)
          removeOption(s, CARRIER_FACILITY_ID)
        },
      },
    ],
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
  examples: {
    pass: [{ note: "with tracking number", edit: dropOffToHub }],
    fail: [
      {
        note: "without details",
        edit: (s) => {
          dropOffToHub(s)
          delete s.domesticShipmentDetails
        },
      },
    ],
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
  examples: {
    pass: [
      {
        note: "same",
        edit: (s) => {
          dropOffToHub(s)
          s.domesticShipmentDetails!.barCodeLabelNumber =
            "9400111899223197428490"
        },
      },
    ],
    fail: [
      {
        note: "different",
        edit: (s) => {
          dropOffToHub(s)
          s.domesticShipmentDetails!.barCodeLabelNumber = "1"
        },
      },
    ],
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
  examples: {
    pass: [{ note: "drop-off to hub without CLIENT_ID", edit: dropOffToHub }],
    fail: [
      {
        note: "with CLIENT_ID",
        edit: (s) => {
          dropOffToHub(s)
          setOption(s, CLIENT_ID, "ACME")
        },
      },
    ],
  },
})

const withSeller = (s: ShipmentDraft) => {
  s.additionalAddresses = [
    { addressType: "SELLER", address: structuredClone(SAMPLE_ADDRESSES.GB) },
  ]
}

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
  examples: {
    pass: [
      {
        note: "seller with id",
        edit: (s) => {
          withSeller(s)
          setOption(s, SELLER_ID, "SELLER-77")
        },
      },
    ],
    fail: [{ note: "seller without id", edit: withSeller }],
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
  examples: {
    pass: [{ note: "given" }],
    fail: [
      {
        note: "missing",
        edit: (s) => delete s.customs!.customsItems![0].itemId,
      },
    ],
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
  examples: {
    pass: [
      {
        note: "two variants",
        edit: (s) =>
          s.customs!.customsItems!.push({
            ...structuredClone(s.customs!.customsItems![0]),
            itemId: "TSHIRT-BLUE-L",
          }),
      },
    ],
    fail: [
      {
        note: "same id twice",
        edit: (s) =>
          s.customs!.customsItems!.push(
            structuredClone(s.customs!.customsItems![0])
          ),
      },
    ],
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
  examples: {
    pass: [
      {
        note: "empty url",
        edit: (s) => (s.customs!.customsItems![0].url = ""),
      },
    ],
    fail: [
      { note: "missing", edit: (s) => delete s.customs!.customsItems![0].url },
    ],
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
  examples: {
    pass: [
      {
        note: "no HS code",
        edit: (s) => {
          delete s.customs!.customsItems![0].hSTariffCode
          delete s.customs!.customsItems![0].hSTariffCodeCountry
        },
      },
    ],
    fail: [
      {
        note: "HS code alone",
        edit: (s) => delete s.customs!.customsItems![0].hSTariffCodeCountry,
      },
    ],
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
  examples: {
    pass: [
      {
        note: "both names at their limits",
        edit: (s) =>
          (s.references = [
            {
              name: "ORDER_NUMBER",
              value: "O".repeat(LIMITS.crossBorderOrderNumber),
            },
            {
              name: "ReferenceNumber",
              value: "R R".padEnd(LIMITS.crossBorderReferenceNumber, "x"),
            },
          ]),
      },
    ],
    fail: [
      {
        note: "ORDER_NUMBER with a space",
        edit: (s) =>
          (s.references = [{ name: "ORDER_NUMBER", value: "ORD 1" }]),
      },
      {
        note: "ORDER_NUMBER too long",
        edit: (s) =>
          (s.references = [
            {
              name: "ORDER_NUMBER",
              value: "O".repeat(LIMITS.crossBorderOrderNumber + 1),
            },
          ]),
      },
      {
        note: "ReferenceNumber too long",
        edit: (s) =>
          (s.references = [
            {
              name: "ReferenceNumber",
              value: "R".repeat(LIMITS.crossBorderReferenceNumber + 1),
            },
          ]),
      },
      {
        note: "other name",
        edit: (s) => (s.references = [{ name: "AddlRef1", value: "x" }]),
      },
      {
        note: "ReferenceNumber within Canada",
        edit: (s) => {
          s.fromAddress = structuredClone(SAMPLE_ADDRESSES.CA)
          s.toAddress = {
            ...structuredClone(SAMPLE_ADDRESSES.CA),
            postalCode: "M5V 2T6",
            cityTown: "Toronto",
            stateProvince: "ON",
          }
          s.rates![0].serviceId = "XBXPS"
          s.customs!.customsInfo!.currencyCode = "CAD"
          setOption(s, DELIVERY_SOLUTION, "PICKUP_FINALMILELABEL")
          s.references = [{ name: "ReferenceNumber", value: "R1" }]
        },
      },
    ],
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
