// Regenerates README.md's options table from the options schema (src/options/schema.ts).
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { withOptionsTable } from "../src/options/options-table"

const file = path.resolve(__dirname, "../README.md")
writeFileSync(file, withOptionsTable(readFileSync(file, "utf8")))
console.log("README.md options table updated")
