import { LIMITS } from "../../constants"
import { removeOption, setOption, type RuleExamples } from "./bases"

export const STANDARD_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "shipment-options.standard.facilities": {
    pass: [{ note: "both" }],
    fail: [
      {
        note: "no client facility",
        edit: (s) => removeOption(s, "CLIENT_FACILITY_ID"),
      },
      {
        note: "no carrier facility",
        edit: (s) => removeOption(s, "CARRIER_FACILITY_ID"),
      },
    ],
  },
  "shipment-options.standard.return-client-id": {
    pass: [
      {
        note: "return with CLIENT_ID",
        edit: (s) => {
          s.shipmentType = "RETURN"
          setOption(s, "CLIENT_ID", "ACME")
        },
      },
    ],
    fail: [
      {
        note: "return without CLIENT_ID",
        edit: (s) => (s.shipmentType = "RETURN"),
      },
    ],
  },
  "shipment-options.standard.custom-message-1-not-printed": {
    pass: [
      {
        note: "message 2",
        edit: (s) => setOption(s, "PRINT_CUSTOM_MESSAGE_2", "Thank you!"),
      },
    ],
    fail: [
      {
        note: "message 1 (sent, not printed)",
        edit: (s) => setOption(s, "PRINT_CUSTOM_MESSAGE_1", "Thank you!"),
      },
    ],
  },
  "references.standard.count-and-values": {
    pass: [
      {
        note: "three, value at the limit",
        edit: (s) =>
          (s.references = [
            {
              name: "ReferenceNumber",
              value: "X".repeat(LIMITS.standardReferenceValue),
            },
            { name: "AddlRef1", value: "B" },
            { name: "AddlRef2", value: "C" },
          ]),
      },
      {
        note: "another name (rewritten)",
        edit: (s) => (s.references = [{ name: "OrderId", value: "A" }]),
      },
    ],
    fail: [
      {
        note: "four",
        edit: (s) =>
          (s.references = [
            { name: "ReferenceNumber", value: "A" },
            { name: "AddlRef1", value: "B" },
            { name: "AddlRef2", value: "C" },
            { name: "AddlRef3", value: "D" },
          ]),
      },
      {
        note: "value too long",
        edit: (s) =>
          (s.references = [
            {
              name: "ReferenceNumber",
              value: "X".repeat(LIMITS.standardReferenceValue + 1),
            },
          ]),
      },
    ],
  },
  "references.standard.renamed": {
    pass: [
      {
        note: "in order",
        edit: (s) =>
          (s.references = [
            { name: "ReferenceNumber", value: "A" },
            { name: "AddlRef1", value: "B" },
          ]),
      },
    ],
    fail: [
      {
        note: "another name",
        edit: (s) => (s.references = [{ name: "OrderId", value: "A" }]),
      },
      {
        note: "out of order",
        edit: (s) => (s.references = [{ name: "AddlRef1", value: "A" }]),
      },
    ],
  },
}
