import { ADDRESS_RULE_EXAMPLES } from "./addresses"
import type { RuleExamples } from "./bases"
import { CARRIER_ACCOUNT_RULE_EXAMPLES } from "./carrier-account"
import { CROSS_BORDER_RULE_EXAMPLES } from "./cross-border"
import { CUSTOMS_RULE_EXAMPLES } from "./customs"
import { DOCUMENT_RULE_EXAMPLES } from "./documents"
import { EXPEDITED_RULE_EXAMPLES } from "./expedited"
import { GENERAL_RULE_EXAMPLES } from "./general"
import { PARCEL_RULE_EXAMPLES } from "./parcel"
import { QUERY_RULE_EXAMPLES } from "./query"
import { SPECIAL_SERVICE_RULE_EXAMPLES } from "./special-services"
import { STANDARD_RULE_EXAMPLES } from "./standard"
import { VARIANT_RULE_EXAMPLES } from "./variant"

/**
 * Passing and failing examples of every rule, by rule id: test data, kept out of the build. The
 * rules' tests walk them (and fail for a rule left without an example of each kind), the
 * checkout corpus turns the recipient-only failures into carts, benches take the base requests.
 */
export * from "./bases"
export { FIELD_RULE_EXAMPLES, NOTIFICATION_RULE_EXAMPLES } from "./field-rules"
export type { ValueExamples } from "./field-rules"
export { MANIFEST_RULE_EXAMPLES } from "./manifest"
export { SERVICE_STATE_RULE_EXAMPLES } from "./service-state"
export { TRACKING_RULE_EXAMPLES } from "./tracking"

/** The shipment rules' (SHIPMENT_RULES) examples. */
export const SHIPMENT_RULE_EXAMPLES: Record<string, RuleExamples> = {
  ...VARIANT_RULE_EXAMPLES,
  ...GENERAL_RULE_EXAMPLES,
  ...ADDRESS_RULE_EXAMPLES,
  ...CARRIER_ACCOUNT_RULE_EXAMPLES,
  ...PARCEL_RULE_EXAMPLES,
  ...DOCUMENT_RULE_EXAMPLES,
  ...SPECIAL_SERVICE_RULE_EXAMPLES,
  ...EXPEDITED_RULE_EXAMPLES,
  ...STANDARD_RULE_EXAMPLES,
  ...CUSTOMS_RULE_EXAMPLES,
  ...CROSS_BORDER_RULE_EXAMPLES,
  ...QUERY_RULE_EXAMPLES,
}

/** A rule's examples; an empty pair for an id without any (the coverage tests catch that). */
export function examplesOf<T>(
  table: Record<string, { pass: readonly T[]; fail: readonly T[] }>,
  id: string
): { pass: readonly T[]; fail: readonly T[] } {
  return table[id] ?? { pass: [], fail: [] }
}
