import {
  carrierAccountToPuertoRico,
  SAMPLE_ADDRESSES,
  type RuleExamples,
} from "./bases"

export const CARRIER_ACCOUNT_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "carrier-account.puerto-rico.domestic-service": {
    pass: [{ note: "NDA", edit: carrierAccountToPuertoRico }],
    fail: [
      {
        note: "XPP",
        edit: (s) => {
          carrierAccountToPuertoRico(s)
          s.rates![0].serviceId = "XPP"
        },
      },
    ],
  },
  "carrier-account.puerto-rico.address": {
    pass: [{ note: "PR / PR", edit: carrierAccountToPuertoRico }],
    fail: [
      {
        note: "state PR in country US",
        edit: (s) => {
          carrierAccountToPuertoRico(s)
          s.toAddress!.countryCode = "US"
        },
      },
    ],
  },
  "carrier-account.soldToAddress.required": {
    pass: [
      { note: "domestic without it" },
      { note: "Puerto Rico with it", edit: carrierAccountToPuertoRico },
    ],
    fail: [
      {
        note: "Puerto Rico without it",
        edit: (s) => {
          carrierAccountToPuertoRico(s)
          delete s.soldToAddress
        },
      },
      {
        note: "Canada without it",
        edit: (s) => {
          carrierAccountToPuertoRico(s)
          s.toAddress = {
            ...structuredClone(SAMPLE_ADDRESSES.CA),
            company: "Maple Inc",
          }
          s.rates![0].serviceId = "XPP"
          delete s.soldToAddress
        },
      },
    ],
  },
}
