// Regenerates the options tables from the options schema (src/options/schema.ts): the full table
// in docs/options.md and the short one in README.md.
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import {
  withOptionsSummary,
  withOptionsTable,
} from "../src/options/options-table"

for (const [file, update] of [
  ["docs/options.md", withOptionsTable],
  ["README.md", withOptionsSummary],
] as const) {
  const full = path.resolve(__dirname, "..", file)
  writeFileSync(full, update(readFileSync(full, "utf8")))
  console.log(`${file} options table updated`)
}
