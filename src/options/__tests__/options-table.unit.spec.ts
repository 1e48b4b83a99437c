import { readFileSync } from "node:fs"
import path from "node:path"
import {
  SUMMARY_OPTIONS,
  optionRows,
  optionsSummaryMarkdown,
  withOptionsSummary,
  withOptionsTable,
} from "../../../scripts/options-table"

describe("the options tables", () => {
  it("lists every option of the schema with a description", () => {
    const rows = optionRows()
    expect(rows.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        "credentials.apiKey",
        "services[].label.size",
        "webhook.publicUrl",
        "polling.schedule",
      ])
    )
    expect(rows.filter((r) => !r.description).map((r) => r.path)).toEqual([])
    expect(rows.find((r) => r.path === "credentials.apiKey")?.required).toBe(
      true
    )
    expect(rows.find((r) => r.path === "http.concurrency")).toMatchObject({
      required: false,
      default: "8",
    })
  })

  it("is current in docs/options.md (run `npm run docs:options` after changing the schema)", () => {
    const page = readFileSync(
      path.resolve(__dirname, "../../../docs/options.md"),
      "utf8"
    )
    expect(withOptionsTable(page)).toBe(page)
  })

  it("README's short table is current and names only options of the schema", () => {
    const readme = readFileSync(
      path.resolve(__dirname, "../../../README.md"),
      "utf8"
    )
    expect(withOptionsSummary(readme)).toBe(readme)
    const paths = new Set(optionRows().map((r) => r.path))
    expect(SUMMARY_OPTIONS.filter((p) => !paths.has(p))).toEqual([])
    expect(() => optionsSummaryMarkdown(["webhooks.publicUrl"])).toThrow(
      /Not options of the schema: webhooks.publicUrl/
    )
  })
})
