import type { RuleExamples } from "./bases"

export const VARIANT_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "rates.carrier.known": {
    pass: [
      { note: "neutral id", base: "standard" },
      {
        note: "mapped wire code",
        base: "cross-border",
        edit: (s) => (s.rates![0].carrier = "PBI"),
        ctx: { carrierCodes: { XBORDER: "PBI" } },
      },
    ],
    fail: [
      {
        note: "unknown carrier",
        base: "expedited",
        edit: (s) => (s.rates![0].carrier = "OTHER"),
      },
      {
        note: "neutral id after it was mapped",
        base: "cross-border",
        ctx: { carrierCodes: { XBORDER: "PBI" } },
      },
    ],
  },
}
