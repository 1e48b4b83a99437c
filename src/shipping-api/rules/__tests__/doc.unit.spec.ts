import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { withRulesTable } from "../../../../scripts/rules-table"

describe("docs/shipment-rules.md", () => {
  it("lists the current rules (UPDATE_GOLDEN=1 rewrites the generated table)", () => {
    const file = path.resolve(__dirname, "../../../../docs/shipment-rules.md")
    const doc = readFileSync(file, "utf8")
    const current = withRulesTable(doc)
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, current)
    expect(doc).toBe(current)
  })
})
