import { COUNT_FIELDS, MONEY_FIELDS, type SpendRow } from "./report"

const COLUMNS = [
  "period",
  "service_id",
  "currency",
  ...COUNT_FIELDS,
  ...MONEY_FIELDS,
] as const

/** RFC 4180; text a spreadsheet would run as a formula is quoted as text. */
function field(value: string | number | null): string {
  if (value === null) return ""
  if (typeof value === "number") return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** CRLF, as RFC 4180. */
export function spendCsv(rows: SpendRow[]): string {
  const lines = [COLUMNS.join(",")]
  for (const row of rows)
    lines.push(
      COLUMNS.map((c) =>
        (MONEY_FIELDS as readonly string[]).includes(c)
          ? (row[c] as number).toFixed(2)
          : field(row[c])
      ).join(",")
    )
  return `${lines.join("\r\n")}\r\n`
}
