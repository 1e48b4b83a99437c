import {
  BULK_PICKUP_SOLUTION,
  CROSS_BORDER_ATTENTION_TEXT,
  HUB_DROP_OFF_SOLUTION,
  LIMITS,
  SHIPMENT_OPTION,
} from "../../constants"
import { withCrossBorderAttention } from "../../rules/cross-border"
import type { ShipmentDraft } from "../../rules/types"
import {
  removeOption,
  SAMPLE_ADDRESSES,
  setOption,
  type RuleExamples,
} from "./bases"

const {
  deliverySolution: DELIVERY_SOLUTION,
  clientId: CLIENT_ID,
  clientFacilityId: CLIENT_FACILITY_ID,
  carrierFacilityId: CARRIER_FACILITY_ID,
  sellerId: SELLER_ID,
} = SHIPMENT_OPTION

/** A drop-off to hub, complete: no label, first-mile tracking number, no CLIENT_ID. */
const dropOffToHub = (s: ShipmentDraft) => {
  setOption(s, DELIVERY_SOLUTION, HUB_DROP_OFF_SOLUTION)
  delete s.documents
  s.domesticShipmentDetails = {
    shipperTrackingNumber: "9400111899223197428490",
    carrier: "USPS",
  }
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

const withSeller = (s: ShipmentDraft) => {
  s.additionalAddresses = [
    { addressType: "SELLER", address: structuredClone(SAMPLE_ADDRESSES.GB) },
  ]
}

export const CROSS_BORDER_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "shipment-options.DELIVERY_SOLUTION.required": {
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
  "shipment-options.DELIVERY_SOLUTION.origin": {
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
  "rates.serviceId.cross-border-origin": {
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
  "shipment-options.cross-border.standard-label-client-ids": {
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
  "address.cross-border.attention-text": {
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
  "references.cross-border.bulk-pickup-required": {
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
  "shipment-options.cross-border.carrier-facility": {
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
  "domestic-shipment-details.cross-border.hub-drop-off": {
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
  "domestic-shipment-details.barCodeLabelNumber.same": {
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
  "shipment-options.CLIENT_ID.not-with-client-label": {
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
  "shipment-options.SELLER_ID.with-additional-addresses": {
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
  "customs-item.itemId.cross-border-required": {
    pass: [{ note: "given" }],
    fail: [
      {
        note: "missing",
        edit: (s) => delete s.customs!.customsItems![0].itemId,
      },
    ],
  },
  "customs-item.itemId.unique": {
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
  "customs-item.url.cross-border-required": {
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
  "customs-item.hSTariffCodeCountry.with-code": {
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
  "references.cross-border.names-and-values": {
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
}
