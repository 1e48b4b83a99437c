/** Client and sandbox produce the same list from the same rules. */
export type Violation = {
  /** E.g. `customs.customsItems[3].description`. */
  path: string
  /** Stable, e.g. `customs-item.description.max-length`. */
  rule: string
  /** In words a merchant can act on. */
  message: string
  /** E.g. `doc 2, Limits`. */
  source: string
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map(
      (v) => `${v.path || "(request)"}: ${v.message} [${v.rule}; ${v.source}]`
    )
    .join("\n")
}
