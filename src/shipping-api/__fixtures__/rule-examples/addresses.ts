import {
  carrierAccountToPuertoRico,
  expeditedAbroad,
  SAMPLE_ADDRESSES,
  type RuleExamples,
} from "./bases"

export const ADDRESS_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "address.required-fields": {
    pass: [
      { note: "carrier-account complete", base: "carrier-account" },
      {
        note: "expedited without name or city",
        base: "expedited",
        edit: (s) => {
          delete s.toAddress!.name
          delete s.toAddress!.cityTown
        },
      },
      { note: "standard complete", base: "standard" },
      { note: "cross-border complete", base: "cross-border" },
    ],
    fail: [
      {
        note: "carrier-account without company",
        base: "carrier-account",
        edit: (s) => delete s.fromAddress!.company,
      },
      {
        note: "carrier-account soldToAddress without phone",
        base: "carrier-account",
        edit: (s) => {
          carrierAccountToPuertoRico(s)
          delete s.soldToAddress!.phone
        },
      },
      {
        note: "expedited with empty address lines",
        base: "expedited",
        edit: (s) => (s.toAddress!.addressLines = []),
      },
      {
        note: "standard without name",
        base: "standard",
        edit: (s) => delete s.toAddress!.name,
      },
      {
        note: "cross-border without phone",
        base: "cross-border",
        edit: (s) => delete s.toAddress!.phone,
      },
    ],
  },
  "address.expedited.express-mail-phone": {
    pass: [
      { note: "EM with phones", edit: (s) => (s.rates![0].serviceId = "EM") },
      { note: "EMI with phones", edit: (s) => expeditedAbroad(s, "JP", "EMI") },
      { note: "PM without phone", edit: (s) => delete s.toAddress!.phone },
    ],
    fail: [
      {
        note: "EM without sender phone",
        edit: (s) => {
          s.rates![0].serviceId = "EM"
          delete s.fromAddress!.phone
        },
      },
      {
        note: "EMI without recipient phone",
        edit: (s) => {
          expeditedAbroad(s, "JP", "EMI")
          delete s.toAddress!.phone
        },
      },
    ],
  },
  "address.cross-border.name-first-last": {
    pass: [{ note: "two words" }],
    fail: [{ note: "one word", edit: (s) => (s.toAddress!.name = "Emma") }],
  },
  "address.cross-border.canada-stateProvince": {
    pass: [
      {
        note: "to Canada with province",
        edit: (s) => (s.toAddress = structuredClone(SAMPLE_ADDRESSES.CA)),
      },
    ],
    fail: [
      {
        note: "to Canada without province",
        edit: (s) => {
          s.toAddress = structuredClone(SAMPLE_ADDRESSES.CA)
          s.toAddress.stateProvince = ""
        },
      },
    ],
  },
  "address.standard.apac-residential": {
    pass: [
      { note: "not APAC", edit: (s) => delete s.toAddress!.residential },
      {
        note: "APAC with residential",
        edit: (s) => (s.fromAddress!.residential = false),
        ctx: { apac: true },
      },
    ],
    fail: [{ note: "APAC without sender residential", ctx: { apac: true } }],
  },
  "address.standard.domestic": {
    pass: [{ note: "US to US" }],
    fail: [
      {
        note: "US to Canada",
        edit: (s) =>
          (s.toAddress = {
            ...structuredClone(SAMPLE_ADDRESSES.CA),
            residential: true,
          }),
      },
    ],
  },
  "address.carrier-account.origin": {
    pass: [{ note: "from the U.S." }],
    fail: [
      {
        note: "from Great Britain",
        edit: (s) =>
          (s.fromAddress = {
            ...structuredClone(SAMPLE_ADDRESSES.GB),
            company: "Acme UK",
          }),
      },
    ],
  },
  "address.cross-border.origin": {
    pass: [{ note: "from the U.S." }],
    fail: [
      {
        note: "from Japan",
        edit: (s) => (s.fromAddress = structuredClone(SAMPLE_ADDRESSES.JP)),
      },
    ],
  },
  "address.cross-border.destination-abroad": {
    pass: [{ note: "U.S. to Germany (the base request)" }],
    fail: [
      {
        note: "U.S. to U.S.",
        edit: (s) =>
          (s.toAddress = {
            ...structuredClone(s.fromAddress!),
            name: "Jane Doe",
          }),
      },
    ],
  },
}
