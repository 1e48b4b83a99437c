import type { ZodType } from "@medusajs/framework/zod"
import { pluginOptionsSchema } from "./schema"
import { defOf, unwrap, type Def } from "./schema-walk"

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

export const OPTIONS_TABLE_START =
  "<!-- options-table:start (npm run docs:options) -->"
export const OPTIONS_TABLE_END = "<!-- options-table:end -->"

/** README text with the options table between its markers replaced by the current one. */
export function withOptionsTable(readme: string): string {
  const start = readme.indexOf(OPTIONS_TABLE_START)
  const end = readme.indexOf(OPTIONS_TABLE_END)
  if (start < 0 || end < start) {
    throw new Error("README.md has no options table markers")
  }
  return (
    readme.slice(0, start + OPTIONS_TABLE_START.length) +
    "\n" +
    optionsTableMarkdown() +
    "\n" +
    readme.slice(end)
  )
}
