import type { Violation } from "../../shipping-api/violation"

/** The customs-currency rule does not say which currency; in a setup it is the region's. */
export function laneProblemWords(
  v: Pick<Violation, "path" | "message">
): string {
  return v.path === "customs.customsInfo.currencyCode"
    ? `the region's currency (declared in customs) ${v.message}`
    : v.message
}
