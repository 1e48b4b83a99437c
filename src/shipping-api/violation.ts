/**
 * One broken rule of the service's documents, found before a request leaves (client) or when a
 * request arrives (sandbox). Both sides produce the same list from the same rules.
 */
export type Violation = {
  /** JSON path in the request, e.g. `customs.customsItems[3].description`. */
  path: string
  /** Stable id of the rule, e.g. `customs-item.description.max-length`. */
  rule: string
  /** What is wrong, in words a merchant can act on. */
  message: string
  /** Where the rule comes from, e.g. `doc 2, Limits` or `doc 4, Token operation`. */
  source: string
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map(
      (v) => `${v.path || "(request)"}: ${v.message} [${v.rule}; ${v.source}]`
    )
    .join("\n")
}
