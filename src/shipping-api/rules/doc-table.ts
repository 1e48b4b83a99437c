import { FIELD_RULES } from "../schemas/common"
// Loaded for their side effect: each schema module registers its field rules.
import "../schemas/shipment"
import "../schemas/manifest"
import "../schemas/retry"
import "../schemas/void"
import { MANIFEST_RULES, SHIPMENT_RULES } from "./index"

/** The generated part of docs/shipment-rules.md, between these markers. */
export const RULES_TABLE_START = "<!-- rules-table:start (generated from src/shipping-api/rules; do not edit) -->"
export const RULES_TABLE_END = "<!-- rules-table:end -->"

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ")

export function rulesTable(): string {
  const lines = [
    "### Cross-field rules (`SHIPMENT_RULES`, `MANIFEST_RULES`)",
    "",
    "| id | variants | operations | source | what |",
    "|---|---|---|---|---|",
    ...SHIPMENT_RULES.map(
      (r) => `| \`${r.id}\` | ${r.variants.length === 4 ? "all" : r.variants.join(", ")} | ${r.operations.join(", ")} | ${r.source} | ${cell(r.description)} |`
    ),
    ...MANIFEST_RULES.map((r) => `| \`${r.id}\` | manifest | manifest | ${r.source} | ${cell(r.description)} |`),
    "",
    "### Field rules (`FIELD_RULES`, checked by the schemas)",
    "",
    "| id | source | what |",
    "|---|---|---|",
    ...[...FIELD_RULES.values()].map((r) => `| \`${r.id}\` | ${r.source} | ${cell(r.description)} |`),
  ]
  return lines.join("\n")
}

/** `doc` with its generated block replaced by the current table. */
export function withRulesTable(doc: string): string {
  const start = doc.indexOf(RULES_TABLE_START)
  const end = doc.indexOf(RULES_TABLE_END)
  if (start < 0 || end < start) throw new Error("docs/shipment-rules.md lacks the rules-table markers")
  return `${doc.slice(0, start + RULES_TABLE_START.length)}\n${rulesTable()}\n${doc.slice(end)}`
}
