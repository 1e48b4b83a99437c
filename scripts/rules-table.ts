// The generated table of docs/shipment-rules.md, from the rules themselves (its test rewrites the
// page with UPDATE_GOLDEN=1).
import { FIELD_RULES } from "../src/shipping-api/schemas/common"
// Loaded for their side effect: each schema module registers its field rules.
import "../src/shipping-api/schemas/shipment"
import "../src/shipping-api/schemas/manifest"
import "../src/shipping-api/schemas/retry"
import "../src/shipping-api/schemas/void"
import { TRACKING_RULES } from "../src/shipping-api/operations/tracking"
import { MANIFEST_RULES, SHIPMENT_RULES } from "../src/shipping-api/rules"
import { SERVICE_STATE_RULES } from "../src/shipping-api/rules/service-state"
import { VOID_WINDOW_DAYS } from "../src/shipping-api/rules/void"

/** The generated part of docs/shipment-rules.md, between these markers. */
const RULES_TABLE = {
  start:
    "<!-- rules-table:start (generated from src/shipping-api/rules; do not edit) -->",
  end: "<!-- rules-table:end -->",
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ")

export function rulesTable(): string {
  const lines = [
    "### Cross-field rules (`SHIPMENT_RULES`, `MANIFEST_RULES`)",
    "",
    "Severity `warning`: the request is valid and sent; the warning says what the service will not do as asked.",
    "",
    "| id | variants | operations | severity | source | what |",
    "|---|---|---|---|---|---|",
    ...SHIPMENT_RULES.map(
      (r) =>
        `| \`${r.id}\` | ${r.variants.length === 4 ? "all" : r.variants.join(", ")} | ${r.operations.join(", ")} | ${r.severity} | ${r.source} | ${cell(r.description)} |`
    ),
    ...MANIFEST_RULES.map(
      (r) =>
        `| \`${r.id}\` | manifest | manifest | error | ${r.source} | ${cell(r.description)} |`
    ),
    "",
    "### Tracking query rules (`TRACKING_RULES`, built by `buildGetTracking`, checked by the sandbox)",
    "",
    "| id | source | what |",
    "|---|---|---|",
    ...TRACKING_RULES.map(
      (r) => `| \`${r.id}\` | ${r.source} | ${cell(r.description)} |`
    ),
    "",
    "### Rules on the service's state (`SERVICE_STATE_RULES`, `voidRefusal`)",
    "",
    "What the service refuses from what it remembers; the sandbox answers with the error code shown.",
    "",
    "| id | answer | source | what |",
    "|---|---|---|---|",
    ...SERVICE_STATE_RULES.map(
      (r) =>
        `| \`${r.id}\` | ${r.status} \`${r.code}\` | ${r.source} | ${cell(r.description)} |`
    ),
    `| \`void.window\` (\`voidRefusal\`) | 400 \`VOID_NOT_ALLOWED\`, \`VOID_WINDOW_EXPIRED\` | doc 4, Void (cancel) a shipment | ${cell(
      `returns and postal letters and flats are never voided; ${Object.entries(
        VOID_WINDOW_DAYS
      )
        .map(([c, d]) => `${c} within ${d} days`)
        .join(", ")}`
    )} |`,
    "",
    "### Field rules (`FIELD_RULES`, checked by the schemas)",
    "",
    "| id | source | what |",
    "|---|---|---|",
    ...[...FIELD_RULES.values()].map(
      (r) => `| \`${r.id}\` | ${r.source} | ${cell(r.description)} |`
    ),
  ]
  return lines.join("\n")
}

/** `doc` with its generated block replaced by the current table. */
export function withRulesTable(doc: string): string {
  const start = doc.indexOf(RULES_TABLE.start)
  const end = doc.indexOf(RULES_TABLE.end)
  if (start < 0 || end < start)
    throw new Error("docs/shipment-rules.md lacks the rules-table markers")
  return `${doc.slice(0, start + RULES_TABLE.start.length)}\n${rulesTable()}\n${doc.slice(end)}`
}
