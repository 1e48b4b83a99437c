import { expeditedAbroad, setOption, type RuleExamples } from "./bases"

export const EXPEDITED_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "shipment-options.ADD_TO_MANIFEST.letters-flats": {
    pass: [
      {
        note: "package on the manifest",
        edit: (s) => setOption(s, "ADD_TO_MANIFEST", "true"),
      },
      {
        note: "flat off the manifest",
        edit: (s) => {
          s.rates![0].parcelType = "FLAT"
          setOption(s, "ADD_TO_MANIFEST", "false")
        },
      },
    ],
    fail: [
      {
        note: "flat on the manifest",
        edit: (s) => {
          s.rates![0].parcelType = "FLAT"
          setOption(s, "ADD_TO_MANIFEST", "true")
        },
      },
      {
        note: "letter on the manifest",
        edit: (s) => {
          s.rates![0].parcelType = "LETTER"
          setOption(s, "ADD_TO_MANIFEST", "TRUE")
        },
      },
    ],
  },
  "altReturnAddress.expedited.redirect": {
    pass: [
      {
        note: "redirect with an address",
        edit: (s) => {
          expeditedAbroad(s)
          setOption(s, "NON_DELIVERY_OPTION", "redirect")
          s.altReturnAddress = structuredClone(s.fromAddress)
        },
      },
      {
        note: "return without an address",
        edit: (s) => {
          expeditedAbroad(s)
          setOption(s, "NON_DELIVERY_OPTION", "return")
        },
      },
    ],
    fail: [
      {
        note: "redirect without an address",
        edit: (s) => {
          expeditedAbroad(s)
          setOption(s, "NON_DELIVERY_OPTION", "redirect")
        },
      },
    ],
  },
}
