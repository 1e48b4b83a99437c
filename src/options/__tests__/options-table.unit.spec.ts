import { readFileSync } from "node:fs"
import path from "node:path"
import { optionRows, withOptionsTable } from "../options-table"

describe("README options table", () => {
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

  it("is current in README.md (run `npm run docs:options` after changing the schema)", () => {
    const readme = readFileSync(
      path.resolve(__dirname, "../../../README.md"),
      "utf8"
    )
    expect(withOptionsTable(readme)).toBe(readme)
  })
})
