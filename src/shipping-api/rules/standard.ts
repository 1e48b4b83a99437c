import { LIMITS, SHIPMENT_OPTION, STANDARD_REFERENCE_NAMES } from "../constants"
import { SOURCE } from "../schemas/common"
import { hasOption, isReturn, list, optionIndex, optionPath, str } from "./read"
import { defineRule } from "./types"

export const facilitiesRule = defineRule({
  id: "shipment-options.standard.facilities",
  source: SOURCE.perVariant,
  description:
    "standard delivery sends CLIENT_FACILITY_ID and CARRIER_FACILITY_ID (sandbox 0093 and 1585)",
  variants: ["standard"],
  test(s, _ctx, report) {
    for (const name of [
      SHIPMENT_OPTION.clientFacilityId,
      SHIPMENT_OPTION.carrierFacilityId,
    ]) {
      if (!hasOption(s, name))
        report(optionPath(s, name), `${name} is required for standard delivery`)
    }
  },
})

export const returnClientIdRule = defineRule({
  id: "shipment-options.standard.return-client-id",
  source: SOURCE.shipmentOptions,
  description: "standard delivery returns (shipmentType RETURN) send CLIENT_ID",
  variants: ["standard"],
  test(s, _ctx, report) {
    if (isReturn(s) && !hasOption(s, SHIPMENT_OPTION.clientId))
      report(
        optionPath(s, SHIPMENT_OPTION.clientId),
        "CLIENT_ID is required for standard returns"
      )
  },
})

export const customMessage1Rule = defineRule({
  id: "shipment-options.standard.custom-message-1-not-printed",
  source: SOURCE.shipmentOptions,
  description:
    "standard delivery prints PRINT_CUSTOM_MESSAGE_2 only: PRINT_CUSTOM_MESSAGE_1 is accepted and not printed (warning)",
  severity: "warning",
  variants: ["standard"],
  test(s, _ctx, report) {
    if (optionIndex(s, SHIPMENT_OPTION.printCustomMessage1) >= 0) {
      report(
        optionPath(s, SHIPMENT_OPTION.printCustomMessage1),
        "standard delivery does not print PRINT_CUSTOM_MESSAGE_1; use PRINT_CUSTOM_MESSAGE_2 for text on the label"
      )
    }
  },
})

export const standardReferencesRule = defineRule({
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
})

/**
 * Doc 2: standard references are "mapped in order: ReferenceNumber, AddlRef1, AddlRef2 (other
 * names are rewritten)". The request as the service keeps it: the i-th reference renamed.
 */
export function standardReferencesAsSent<T extends { name?: unknown }>(
  refs: readonly T[]
): T[] {
  return refs.map((ref, i) => {
    const name = STANDARD_REFERENCE_NAMES[i]
    return name === undefined || ref.name === name ? ref : { ...ref, name }
  })
}

export const referenceRenamedRule = defineRule({
  id: "references.standard.renamed",
  source: SOURCE.references,
  description: `standard references are named by position (${STANDARD_REFERENCE_NAMES.join(", ")}): other names are accepted and rewritten (warning)`,
  severity: "warning",
  variants: ["standard"],
  test(s, _ctx, report) {
    list(s.references).forEach((ref, i) => {
      const name = STANDARD_REFERENCE_NAMES[i]
      if (name !== undefined && ref.name !== name)
        report(
          `references[${i}].name`,
          `"${String(ref.name)}" is sent as ${name} (standard references are named by position)`
        )
    })
  },
})

export const STANDARD_RULES = [
  facilitiesRule,
  returnClientIdRule,
  customMessage1Rule,
  standardReferencesRule,
  referenceRenamedRule,
]
