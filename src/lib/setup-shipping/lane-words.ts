import type { Violation } from "../../shipping-api/violation"

/**
 * A lane rule's refusal as the setup shows it. The rules word their messages for a request
 * field; the one about the customs currency does not say which currency it means, and in a
 * setup that is the currency the region sells in. Pure.
 */
export function laneProblemWords(
  v: Pick<Violation, "path" | "message">
): string {
  return v.path === "customs.customsInfo.currencyCode"
    ? `the region's currency (declared in customs) ${v.message}`
    : v.message
}
