import { LIMITS, SHIPMENT_OPTION, STANDARD_REFERENCE_NAMES } from "../constants"
import { SOURCE } from "../schemas/common"
import { isReturn, list, optionIndex, optionPath, str } from "./read"
import { eachItem, reportWhen, requireOptions } from "./shapes"
import { defineRule } from "./types"

const { clientId: CLIENT_ID, printCustomMessage1: MESSAGE_1 } = SHIPMENT_OPTION

/** Doc 2: "mapped in order: ReferenceNumber, AddlRef1, AddlRef2 (other names are rewritten)". */
export function standardReferencesAsSent<T extends { name?: unknown }>(
  refs: readonly T[]
): T[] {
  return refs.map((ref, i) => {
    const name = STANDARD_REFERENCE_NAMES[i]
    return name === undefined || ref.name === name ? ref : { ...ref, name }
  })
}

export const STANDARD_RULES = [
  requireOptions({
    id: "shipment-options.standard.facilities",
    source: SOURCE.perVariant,
    description:
      "standard delivery sends CLIENT_FACILITY_ID and CARRIER_FACILITY_ID (sandbox 0093 and 1585)",
    variants: ["standard"],
    options: [
      SHIPMENT_OPTION.clientFacilityId,
      SHIPMENT_OPTION.carrierFacilityId,
    ],
    message: (name) => `${name} is required for standard delivery`,
  }),
  requireOptions({
    id: "shipment-options.standard.return-client-id",
    source: SOURCE.shipmentOptions,
    description:
      "standard delivery returns (shipmentType RETURN) send CLIENT_ID",
    variants: ["standard"],
    options: [CLIENT_ID],
    when: isReturn,
    message: "CLIENT_ID is required for standard returns",
  }),
  reportWhen({
    id: "shipment-options.standard.custom-message-1-not-printed",
    source: SOURCE.shipmentOptions,
    description:
      "standard delivery prints PRINT_CUSTOM_MESSAGE_2 only: PRINT_CUSTOM_MESSAGE_1 is accepted and not printed (warning)",
    severity: "warning",
    variants: ["standard"],
    when: (s) => optionIndex(s, MESSAGE_1) >= 0,
    path: (s) => optionPath(s, MESSAGE_1),
    message:
      "standard delivery does not print PRINT_CUSTOM_MESSAGE_1; use PRINT_CUSTOM_MESSAGE_2 for text on the label",
  }),
  defineRule({
    id: "references.standard.count-and-values",
    source: SOURCE.references,
    description: `standard delivery sends at most ${LIMITS.standardReferences} references, values at most ${LIMITS.standardReferenceValue} characters`,
    variants: ["standard"],
    test(s, _ctx, report) {
      const refs = list(s.references)
      if (refs.length > LIMITS.standardReferences)
        report("references", `at most ${LIMITS.standardReferences} references`)
      refs.forEach((ref, i) => {
        if ((str(ref.value) ?? "").length > LIMITS.standardReferenceValue) {
          report(
            `references[${i}].value`,
            `has at most ${LIMITS.standardReferenceValue} characters`
          )
        }
      })
    },
  }),
  eachItem({
    id: "references.standard.renamed",
    source: SOURCE.references,
    description: `standard references are named by position (${STANDARD_REFERENCE_NAMES.join(", ")}): other names are accepted and rewritten (warning)`,
    severity: "warning",
    variants: ["standard"],
    items: (s) =>
      list(s.references).map(
        (ref, i) => [ref, STANDARD_REFERENCE_NAMES[i]] as const
      ),
    broken: ([ref, name]) => name !== undefined && ref.name !== name,
    path: (_ref, i) => `references[${i}].name`,
    message: ([ref, name]) =>
      `"${String(ref.name)}" is sent as ${name} (standard references are named by position)`,
  }),
]
