// `npm run docs:options`: regenerates the options tables from the options schema
// (src/options/schema.ts): the full table in docs/options.md and the short one in README.md.
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { ZodType } from "@medusajs/framework/zod"
import { pluginOptionsSchema } from "../src/options/schema"
import { defOf, unwrap, type Def } from "../src/options/schema-walk"

export type OptionRow = {
  path: string
  type: string
  required: boolean
  default?: string
  description: string
}

const descriptionOf = (s: ZodType): string | undefined =>
  (s as { description?: string }).description

/**
 * Walks the options schema into one row per leaf option (arrays of objects as `name[].field`).
 * `required` is relative to the parent: required whenever the parent is given.
 */
export function optionRows(schema: ZodType = pluginOptionsSchema): OptionRow[] {
  const rows: OptionRow[] = []
  const visit = (
    s: ZodType,
    path: string,
    required: boolean,
    fallback?: unknown,
    description?: string
  ) => {
    let def = defOf(s)
    let nullable = false
    description = descriptionOf(s) ?? description
    while (["default", "optional", "pipe", "nullable"].includes(def.type)) {
      if (def.type === "optional") required = false
      if (def.type === "nullable") nullable = true
      if (def.type === "default") {
        required = false
        fallback = def.defaultValue
      }
      s = def.type === "pipe" ? def.in : def.innerType
      def = defOf(s)
      description = description ?? descriptionOf(s)
    }
    if (def.type === "object") {
      for (const [key, child] of Object.entries(
        def.shape as Record<string, ZodType>
      )) {
        const childFallback =
          fallback && typeof fallback === "object"
            ? (fallback as Record<string, unknown>)[key]
            : undefined
        visit(child, path ? `${path}.${key}` : key, true, childFallback)
      }
      return
    }
    if (def.type === "array" && defOf(unwrap(def.element)).type === "object") {
      visit(def.element, `${path}[]`, true)
      return
    }
    rows.push({
      path,
      type: nullable ? `${typeName(def)} \\| null` : typeName(def),
      required,
      default: fallback === undefined ? undefined : JSON.stringify(fallback),
      description: description ?? "",
    })
  }
  visit(schema, "", true)
  return rows
}

function typeName(def: Def): string {
  switch (def.type) {
    case "enum":
      return Object.values(def.entries as Record<string, string>).join(" \\| ")
    case "array":
      return `${typeName(defOf(unwrap(def.element)))}[]`
    case "record":
      return "object"
    case "literal":
      return (def.values as unknown[])
        .map((v) => JSON.stringify(v))
        .join(" \\| ")
    case "union":
      return (def.options as Parameters<typeof defOf>[0][])
        .map((o) => typeName(defOf(unwrap(o))))
        .join(" \\| ")
    default:
      return def.type
  }
}

export function optionsTableMarkdown(rows = optionRows()): string {
  const lines = [
    "| Option | Type | Required | Default | Description |",
    "|---|---|---|---|---|",
  ]
  for (const r of rows) {
    lines.push(
      `| \`${r.path}\` | ${r.type} | ${r.required ? "yes" : ""} | ${r.default ? `\`${r.default}\`` : ""} | ${r.description} |`
    )
  }
  return lines.join("\n")
}

export type TableMarkers = { start: string; end: string }

/** The full table, in docs/options.md. */
export const OPTIONS_TABLE: TableMarkers = {
  start: "<!-- options-table:start (npm run docs:options) -->",
  end: "<!-- options-table:end -->",
}
/** The short table of the options most merchants set, in README.md. */
export const OPTIONS_SUMMARY: TableMarkers = {
  start: "<!-- options-summary:start (npm run docs:options) -->",
  end: "<!-- options-summary:end -->",
}

/**
 * What README's short table lists: what every install sets (credentials, sender, services, the
 * public URL) and the choices a merchant makes first (when labels are bought, printing, storage,
 * emails, alerts). Every other option is in docs/options.md.
 */
export const SUMMARY_OPTIONS = [
  "credentials.apiKey",
  "credentials.apiSecret",
  "roots.baseUrl",
  "shipper.shipperId",
  "shipper.carrierFacilityId",
  "contact.contactId",
  "origin.name",
  "catalogUnits.weight",
  "defaultParcel.length",
  "boxes[].id",
  "services[].id",
  "services[].variant",
  "services[].serviceId",
  "services[].insurance.above",
  "services[].isReturn",
  "webhook.publicUrl",
  "autoFulfill.enabled",
  "autoFulfill.on",
  "printing.layout",
  "documents.storage",
  "documents.keepDays",
  "notifications.shipped",
  "returns.requireCustomer",
  "alerts.to",
] as const

/** README's short table: the SUMMARY_OPTIONS rows, as the schema has them. */
export function optionsSummaryMarkdown(
  paths: readonly string[] = SUMMARY_OPTIONS,
  rows = optionRows()
): string {
  const byPath = new Map(rows.map((r) => [r.path, r]))
  const unknown = paths.filter((p) => !byPath.has(p))
  if (unknown.length)
    throw new Error(`Not options of the schema: ${unknown.join(", ")}`)
  return optionsTableMarkdown(paths.map((p) => byPath.get(p)!))
}

/** `text` with the table between `markers` replaced by `table`. */
export function withTable(
  text: string,
  markers: TableMarkers,
  table: string
): string {
  const start = text.indexOf(markers.start)
  const end = text.indexOf(markers.end)
  if (start < 0 || end < start) {
    throw new Error(`No table markers ${markers.start} … ${markers.end}`)
  }
  return (
    text.slice(0, start + markers.start.length) +
    "\n" +
    table +
    "\n" +
    text.slice(end)
  )
}

/** docs/options.md with its full table replaced by the current one. */
export function withOptionsTable(page: string): string {
  return withTable(page, OPTIONS_TABLE, optionsTableMarkdown())
}

/** README.md with its short table replaced by the current one. */
export function withOptionsSummary(readme: string): string {
  return withTable(readme, OPTIONS_SUMMARY, optionsSummaryMarkdown())
}

if (require.main === module) {
  for (const [file, update] of [
    ["docs/options.md", withOptionsTable],
    ["README.md", withOptionsSummary],
  ] as const) {
    const full = path.resolve(__dirname, "..", file)
    writeFileSync(full, update(readFileSync(full, "utf8")))
    console.log(`${file} options table updated`)
  }
}
