import {
  carrierAccountToPuertoRico,
  removeOption,
  setOption,
  type RuleExamples,
} from "./bases"

export const GENERAL_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "rates.serviceId.known": {
    pass: [
      { note: "PM is postal", base: "expedited" },
      {
        note: "EM is postal (named in Required content per variant)",
        base: "expedited",
        edit: (s) => (s.rates![0].serviceId = "EM"),
      },
      { note: "PRCLSEL is standard", base: "standard" },
    ],
    fail: [
      {
        note: "standard service on the postal carrier",
        base: "expedited",
        edit: (s) => (s.rates![0].serviceId = "PRCLSEL"),
      },
      {
        note: "unknown service",
        base: "carrier-account",
        edit: (s) => (s.rates![0].serviceId = "GROUND"),
      },
    ],
  },
  "shipment-options.SHIPPER_ID.required": {
    pass: [{ note: "present", base: "standard" }],
    fail: [
      {
        note: "missing",
        base: "carrier-account",
        edit: (s) => removeOption(s, "SHIPPER_ID"),
      },
      {
        note: "empty",
        base: "cross-border",
        edit: (s) => setOption(s, "SHIPPER_ID", " "),
      },
    ],
  },
  "shipment-options.one-per-name": {
    pass: [{ note: "distinct names", base: "standard" }],
    fail: [
      {
        note: "SHIPPER_ID twice",
        base: "expedited",
        edit: (s) =>
          s.shipmentOptions!.push({ name: "SHIPPER_ID", value: "1" }),
      },
    ],
  },
  "shipment.fields-by-variant": {
    pass: [
      {
        note: "soldToAddress on carrier-account",
        base: "carrier-account",
        edit: carrierAccountToPuertoRico,
      },
      {
        note: "altReturnAddress on expedited",
        base: "expedited",
        edit: (s) => (s.altReturnAddress = structuredClone(s.fromAddress)),
      },
    ],
    fail: [
      {
        note: "soldToAddress on expedited",
        base: "expedited",
        edit: (s) => (s.soldToAddress = structuredClone(s.toAddress)),
      },
      {
        note: "hazmatDetails on cross-border",
        base: "cross-border",
        edit: (s) => (s.hazmatDetails = { containerDetails: [] }),
      },
      {
        note: "references on expedited",
        base: "expedited",
        edit: (s) => (s.references = [{ name: "ReferenceNumber", value: "1" }]),
      },
    ],
  },
}
