#!/usr/bin/env node
/**
 * shipping-services-sandbox [--port 4010] [--host 127.0.0.1] [--api-key …] [--api-secret …]
 *                           [--speed 1] [--state file.json] [--token-ttl 3600]
 * The local shipping service (docs/sandbox.md). Runs the compiled sandbox (dist, after
 * `npm run build`); inside the repository without a build it falls back to the TypeScript
 * source through ts-node.
 */
const path = require("node:path")
const fs = require("node:fs")

const args = process.argv.slice(2)
const root = path.resolve(__dirname, "..")
const compiled = path.join(root, "dist/packages/sandbox/src/cli.js")
let cli
if (fs.existsSync(compiled)) {
  cli = require(compiled)
} else {
  const source = path.join(root, "src/cli.ts")
  if (!fs.existsSync(source)) {
    process.stderr.write(
      "The sandbox is not built: run `npm run build` first.\n"
    )
    process.exit(1)
  }
  require("ts-node").register({
    swc: true,
    transpileOnly: true,
    project: path.join(root, "tsconfig.json"),
  })
  cli = require(source)
}
cli.main(args).catch((e) => {
  process.stderr.write(`${e && e.message ? e.message : String(e)}\n`)
  process.exit(1)
})
