import { LIMITS, SHIPMENT_OPTION, STANDARD_REFERENCE_NAMES } from "../constants"
import { SOURCE } from "../schemas/common"
import { removeOption, setOption } from "./examples"
import { hasOption, isReturn, list, optionIndex, optionPath, str } from "./read"
import { defineRule } from "./types"

export const facilitiesRule = defineRule({
  id: "shipment-options.standard.facilities",
  source: SOURCE.perVariant,
  description: "standard delivery sends CLIENT_FACILITY_ID and CARRIER_FACILITY_ID (sandbox 0093 and 1585)",
  variants: ["standard"],
  test(s, _ctx, report) {
    for (const name of [SHIPMENT_OPTION.clientFacilityId, SHIPMENT_OPTION.carrierFacilityId]) {
      if (!hasOption(s, name)) report(optionPath(s, name), `${name} is required for standard delivery`)
    }
  },
  examples: {
    pass: [{ note: "both" }],
    fail: [
      { note: "no client facility", edit: (s) => removeOption(s, "CLIENT_FACILITY_ID") },
      { note: "no carrier facility", edit: (s) => removeOption(s, "CARRIER_FACILITY_ID") },
    ],
  },
})

export const returnClientIdRule = defineRule({
  id: "shipment-options.standard.return-client-id",
  source: SOURCE.shipmentOptions,
  description: "standard delivery returns (shipmentType RETURN) send CLIENT_ID",
  variants: ["standard"],
  test(s, _ctx, report) {
    if (isReturn(s) && !hasOption(s, SHIPMENT_OPTION.clientId)) report(optionPath(s, SHIPMENT_OPTION.clientId), "CLIENT_ID is required for standard returns")
  },
  examples: {
    pass: [{ note: "return with CLIENT_ID", edit: (s) => { s.shipmentType = "RETURN"; setOption(s, "CLIENT_ID", "ACME") } }],
    fail: [{ note: "return without CLIENT_ID", edit: (s) => (s.shipmentType = "RETURN") }],
  },
})

export const customMessage1Rule = defineRule({
  id: "shipment-options.standard.no-custom-message-1",
  source: SOURCE.shipmentOptions,
  description: "standard delivery prints PRINT_CUSTOM_MESSAGE_2 only: PRINT_CUSTOM_MESSAGE_1 would be dropped, so it is refused",
  variants: ["standard"],
  test(s, _ctx, report) {
    if (optionIndex(s, SHIPMENT_OPTION.printCustomMessage1) >= 0) {
      report(optionPath(s, SHIPMENT_OPTION.printCustomMessage1), "standard delivery does not print PRINT_CUSTOM_MESSAGE_1: use PRINT_CUSTOM_MESSAGE_2")
    }
  },
  examples: {
    pass: [{ note: "message 2", edit: (s) => setOption(s, "PRINT_CUSTOM_MESSAGE_2", "Thank you!") }],
    fail: [{ note: "message 1", edit: (s) => setOption(s, "PRINT_CUSTOM_MESSAGE_1", "Thank you!") }],
  },
})

export const standardReferencesRule = defineRule({
  id: "references.standard.names-and-values",
  source: SOURCE.references,
  description: `standard delivery sends at most ${LIMITS.standardReferences} references, named in order ${STANDARD_REFERENCE_NAMES.join(", ")}, values at most ${LIMITS.standardReferenceValue} characters`,
  variants: ["standard"],
  test(s, _ctx, report) {
    const refs = list(s.references)
    if (refs.length > LIMITS.standardReferences) report("references", `at most ${LIMITS.standardReferences} references`)
    refs.forEach((ref, i) => {
      // The service renames references by position; requiring the names it will use keeps
      // manifests and invoices showing what the merchant sent.
      const expected = STANDARD_REFERENCE_NAMES[i]
      if (expected !== undefined && ref.name !== expected) report(`references[${i}].name`, `reference ${i + 1} is named ${expected}`)
      if ((str(ref.value) ?? "").length > LIMITS.standardReferenceValue) {
        report(`references[${i}].value`, `has at most ${LIMITS.standardReferenceValue} characters`)
      }
    })
  },
  examples: {
    pass: [
      {
        note: "three, value at the limit",
        edit: (s) => (s.references = [
          { name: "ReferenceNumber", value: "X".repeat(LIMITS.standardReferenceValue) },
          { name: "AddlRef1", value: "B" },
          { name: "AddlRef2", value: "C" },
        ]),
      },
    ],
    fail: [
      {
        note: "four",
        edit: (s) => (s.references = [
          { name: "ReferenceNumber", value: "A" },
          { name: "AddlRef1", value: "B" },
          { name: "AddlRef2", value: "C" },
          { name: "AddlRef3", value: "D" },
        ]),
      },
      { note: "out of order", edit: (s) => (s.references = [{ name: "AddlRef1", value: "A" }]) },
      { note: "value too long", edit: (s) => (s.references = [{ name: "ReferenceNumber", value: "X".repeat(LIMITS.standardReferenceValue + 1) }]) },
    ],
  },
})

export const STANDARD_RULES = [facilitiesRule, returnClientIdRule, customMessage1Rule, standardReferencesRule]
