import { LIMITS } from "../../constants"
import type { ShipmentDraft } from "../../rules/types"
import {
  addSpecialService,
  carrierAccountToPuertoRico,
  expeditedAbroad,
  SAMPLE_ADDRESSES,
  type RuleExamples,
} from "./bases"

const toMilitaryPostOffice = (s: ShipmentDraft) => {
  s.toAddress = {
    name: "Sgt Lee Park",
    addressLines: ["Unit 2050 Box 4190"],
    cityTown: "APO",
    stateProvince: "AP",
    postalCode: "96278",
    countryCode: "US",
  }
  s.rates![0].parcelType = "FLAT"
  s.customs = {
    customsInfo: { currencyCode: "USD", reasonForExport: "DOCUMENTS" },
    customsItems: [
      {
        description: "Letters",
        quantity: 1,
        unitPrice: 0,
        unitWeight: { weight: 4, unitOfMeasurement: "OZ" },
      },
    ],
  }
}

const hazmatToGuam = (s: ShipmentDraft) => {
  s.toAddress = {
    name: "Rita Cruz",
    addressLines: ["120 Marine Corps Dr"],
    cityTown: "Hagatna",
    stateProvince: "GU",
    postalCode: "96910",
    countryCode: "US",
  }
  addSpecialService(s, "hazmat", { HAZMAT_TYPE: "LIMITED_QUANTITY" })
  s.customs = {
    customsInfo: { currencyCode: "USD", reasonForExport: "DANGEROUS_GOODS" },
    customsItems: [
      {
        description: "Paint, flammable",
        quantity: 1,
        unitPrice: 20,
        unitWeight: { weight: 16, unitOfMeasurement: "OZ" },
      },
    ],
  }
}

export const CUSTOMS_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "customs.required": {
    pass: [
      { note: "expedited domestic without customs", base: "expedited" },
      {
        note: "expedited abroad with customs",
        base: "expedited",
        edit: (s) => expeditedAbroad(s),
      },
      {
        note: "carrier-account to Puerto Rico",
        base: "carrier-account",
        edit: carrierAccountToPuertoRico,
      },
    ],
    fail: [
      {
        note: "expedited abroad",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s)
          delete s.customs
        },
      },
      {
        note: "carrier-account to Puerto Rico",
        base: "carrier-account",
        edit: (s) => {
          carrierAccountToPuertoRico(s)
          delete s.customs
        },
      },
      {
        note: "cross-border",
        base: "cross-border",
        edit: (s) => delete s.customs,
      },
    ],
  },
  "customs.customsItems.required": {
    pass: [{ note: "one item", base: "cross-border" }],
    fail: [
      {
        note: "no items",
        base: "cross-border",
        edit: (s) => delete s.customs!.customsItems,
      },
      {
        note: "empty list",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s)
          s.customs!.customsItems = []
        },
      },
    ],
  },
  "customs-info.reasonForExport.expedited-required": {
    pass: [{ note: "MERCHANDISE", edit: (s) => expeditedAbroad(s) }],
    fail: [
      {
        note: "missing",
        edit: (s) => {
          expeditedAbroad(s)
          delete s.customs!.customsInfo!.reasonForExport
        },
      },
    ],
  },
  "customs-info.reasonForExportExplanation.required-for-other": {
    pass: [
      {
        note: "OTHER explained",
        base: "cross-border",
        edit: (s) =>
          Object.assign(s.customs!.customsInfo!, {
            reasonForExport: "OTHER",
            reasonForExportExplanation: "Repair and return",
          }),
      },
    ],
    fail: [
      {
        note: "OTHER alone",
        base: "cross-border",
        edit: (s) => (s.customs!.customsInfo!.reasonForExport = "OTHER"),
      },
    ],
  },
  "customs-info.reasonForExport.documents-for-service": {
    pass: [
      {
        note: "FCMI flat of documents",
        edit: (s) => {
          expeditedAbroad(s, "JP", "FCMI")
          s.rates![0].parcelType = "FLAT"
          s.customs!.customsInfo!.reasonForExport = "DOCUMENTS"
        },
      },
    ],
    fail: [
      {
        note: "FCMI merchandise",
        edit: (s) => {
          expeditedAbroad(s, "JP", "FCMI")
          s.rates![0].parcelType = "FLAT"
        },
      },
    ],
  },
  "customs-info.reasonForExport.military-flat-documents": {
    pass: [{ note: "flat of documents to APO", edit: toMilitaryPostOffice }],
    fail: [
      {
        note: "flat of merchandise to APO",
        edit: (s) => {
          toMilitaryPostOffice(s)
          s.customs!.customsInfo!.reasonForExport = "MERCHANDISE"
        },
      },
    ],
  },
  "customs-info.reasonForExport.territory-dangerous-goods": {
    pass: [{ note: "hazmat to Guam as dangerous goods", edit: hazmatToGuam }],
    fail: [
      {
        note: "hazmat to Guam as merchandise",
        edit: (s) => {
          hazmatToGuam(s)
          s.customs!.customsInfo!.reasonForExport = "MERCHANDISE"
        },
      },
    ],
  },
  "customs-info.EELPFC.required-above-threshold": {
    pass: [
      {
        note: "exactly the threshold",
        base: "cross-border",
        edit: (s) =>
          Object.assign(s.customs!.customsItems![0], {
            quantity: 1,
            unitPrice: LIMITS.eelpfcThresholdUsd,
          }),
      },
      {
        note: "above with EELPFC",
        base: "cross-border",
        edit: (s) => {
          Object.assign(s.customs!.customsItems![0], {
            quantity: 2,
            unitPrice: LIMITS.eelpfcThresholdUsd * 0.6,
          })
          s.customs!.customsInfo!.EELPFC = "NOEEI 30.37(a)"
        },
      },
      {
        note: "GBP is not converted",
        base: "cross-border",
        edit: (s) => {
          s.fromAddress = structuredClone(SAMPLE_ADDRESSES.GB)
          s.toAddress = structuredClone(SAMPLE_ADDRESSES.JP)
          s.rates![0].serviceId = "XBXPS"
          s.customs!.customsInfo!.currencyCode = "GBP"
          Object.assign(s.customs!.customsItems![0], {
            quantity: 2,
            unitPrice: LIMITS.eelpfcThresholdUsd * 0.6,
          })
        },
      },
    ],
    fail: [
      {
        note: "2 x 60 % of the threshold in USD",
        base: "cross-border",
        edit: (s) =>
          Object.assign(s.customs!.customsItems![0], {
            quantity: 2,
            unitPrice: LIMITS.eelpfcThresholdUsd * 0.6,
          }),
      },
    ],
  },
  "customs-item.hSTariffCode.eu-required": {
    pass: [
      {
        note: "6109.10 to Germany",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s, "DE")
          s.customs!.customsItems![0].hSTariffCode = "6109.10"
        },
      },
    ],
    fail: [
      {
        note: "missing",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s, "DE")
          delete s.customs!.customsItems![0].hSTariffCode
        },
      },
      {
        note: "4 digits",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s, "DE")
          s.customs!.customsItems![0].hSTariffCode = "6109"
        },
      },
    ],
  },
  "customs-info.importerCustomsReference.eu-required": {
    pass: [
      {
        note: "IOSS to Germany",
        base: "expedited",
        edit: (s) => expeditedAbroad(s, "DE"),
      },
    ],
    fail: [
      {
        note: "no reference",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s, "DE")
          delete s.customs!.customsInfo!.importerCustomsReference
        },
      },
    ],
  },
  "customs-info.importerCustomsReferenceType.with-vat-or-ioss": {
    pass: [
      {
        note: "IOSS to Germany",
        base: "expedited",
        edit: (s) => expeditedAbroad(s, "DE"),
      },
      {
        note: "Brazil's tax id without a type",
        base: "expedited",
        edit: (s) => expeditedAbroad(s, "BR"),
      },
      {
        note: "VAT number to Canada with its type",
        base: "cross-border",
        edit: (s) => {
          s.toAddress = structuredClone(SAMPLE_ADDRESSES.CA)
          Object.assign(s.customs!.customsInfo!, {
            importerCustomsReference: "123456789RT0001",
            importerCustomsReferenceType: "VAT_NUMBER",
          })
        },
      },
    ],
    fail: [
      {
        note: "IOSS to Germany without a type",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s, "DE")
          delete s.customs!.customsInfo!.importerCustomsReferenceType
        },
      },
      {
        note: "VAT number to Canada without a type",
        base: "cross-border",
        edit: (s) => {
          s.toAddress = structuredClone(SAMPLE_ADDRESSES.CA)
          s.customs!.customsInfo!.importerCustomsReference = "123456789RT0001"
        },
      },
    ],
  },
  "customs-info.importerCustomsReference.brazil-required": {
    pass: [
      {
        note: "tax id",
        base: "expedited",
        edit: (s) => expeditedAbroad(s, "BR"),
      },
    ],
    fail: [
      {
        note: "none",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s, "BR")
          delete s.customs!.customsInfo!.importerCustomsReference
        },
      },
    ],
  },
  "customs-info.importerCustomsReference.not-swiss-vat": {
    pass: [
      {
        note: "Swiss VAT as fromCustomsReference",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s, "CH")
          s.customs!.customsInfo!.fromCustomsReference = "CHE123456789"
        },
      },
    ],
    fail: [
      {
        note: "Swiss VAT as importer reference",
        base: "expedited",
        edit: (s) => {
          expeditedAbroad(s, "CH")
          s.customs!.customsInfo!.importerCustomsReference = "CHE123456789"
        },
      },
    ],
  },
  "customs-item.quantity.expedited-max": {
    pass: [
      {
        note: "at the limit",
        edit: (s) => {
          expeditedAbroad(s)
          Object.assign(s.customs!.customsItems![0], {
            quantity: LIMITS.expeditedQuantity,
            unitPrice: 0.1,
          })
        },
      },
    ],
    fail: [
      {
        note: "one above",
        edit: (s) => {
          expeditedAbroad(s)
          Object.assign(s.customs!.customsItems![0], {
            quantity: LIMITS.expeditedQuantity + 1,
            unitPrice: 0.1,
          })
        },
      },
    ],
  },
  "customs-item.unitWeight.expedited-oz": {
    pass: [{ note: "OZ", edit: (s) => expeditedAbroad(s) }],
    fail: [
      {
        note: "KG",
        edit: (s) => {
          expeditedAbroad(s)
          s.customs!.customsItems![0].unitWeight!.unitOfMeasurement = "KG"
        },
      },
    ],
  },
  "customs-info.currencyCode.cross-border-origin": {
    pass: [{ note: "USD from the U.S." }],
    fail: [
      {
        note: "EUR from the U.S.",
        edit: (s) => (s.customs!.customsInfo!.currencyCode = "EUR"),
      },
    ],
  },
}
