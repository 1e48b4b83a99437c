import type { RuleExamples } from "./bases"

const XBORDER_QUERY = { carrier: "XBORDER", includeDeliveryCommitment: "true" }

export const QUERY_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "query.includeDeliveryCommitment": {
    pass: [
      {
        note: "cross-border with it",
        base: "cross-border",
        ctx: { query: XBORDER_QUERY },
      },
      { note: "expedited without it", base: "expedited", ctx: { query: {} } },
      {
        note: "rates with it",
        base: "standard",
        ctx: {
          operation: "rates",
          query: { includeDeliveryCommitment: "false" },
        },
      },
    ],
    fail: [
      {
        note: "cross-border without it",
        base: "cross-border",
        ctx: { query: { carrier: "XBORDER" } },
      },
      {
        note: "rates without it",
        base: "expedited",
        ctx: { operation: "rates", query: {} },
      },
      {
        note: "not a boolean",
        base: "expedited",
        ctx: { query: { includeDeliveryCommitment: "yes" } },
      },
    ],
  },
  "query.carrier.cross-border": {
    pass: [
      { note: "XBORDER", ctx: { query: XBORDER_QUERY } },
      {
        note: "mapped code",
        edit: (s) => (s.rates![0].carrier = "PBI"),
        ctx: {
          query: { ...XBORDER_QUERY, carrier: "PBI" },
          carrierCodes: { XBORDER: "PBI" },
        },
      },
    ],
    fail: [
      {
        note: "missing",
        ctx: { query: { includeDeliveryCommitment: "true" } },
      },
    ],
  },
  "query.carrier.apac": {
    pass: [
      { note: "not APAC", ctx: { query: {} } },
      {
        note: "APAC with carrier",
        edit: (s) => (s.fromAddress!.residential = false),
        ctx: {
          apac: true,
          regionalCarrier: "APAC_STD",
          query: { carrier: "APAC_STD" },
        },
      },
    ],
    fail: [
      {
        note: "APAC without carrier",
        edit: (s) => (s.fromAddress!.residential = false),
        ctx: { apac: true, query: {} },
      },
      {
        note: "APAC with another carrier",
        edit: (s) => (s.fromAddress!.residential = false),
        ctx: {
          apac: true,
          regionalCarrier: "APAC_STD",
          query: { carrier: "OTHER" },
        },
      },
    ],
  },
}
