/**
 * `node scripts/build.mjs [outDir]` (`npm run build`): the kit as npm ships it, in `outDir`
 * (default dist): esm/, an ES module build, and cjs/, a CommonJS build whose own package.json says
 * so, each with its declarations; package.json's "exports", "main", "types" and "typesVersions"
 * point at them. Fails when a client component's built file does not begin with "use client":
 * Next.js reads the directive only as a file's first statement.
 */
import { spawn } from "node:child_process"
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"

const kit = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const out = path.resolve(process.argv[2] ?? path.join(kit, "dist"))
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc")
const BUILDS = { esm: "tsconfig.json", cjs: "tsconfig.cjs.json" }
const USE_CLIENT = /^(["'])use client\1;?\s*$/

function compile(config, outDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tsc, "-p", path.join(kit, config), "--outDir", outDir],
      { stdio: "inherit" }
    )
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`tsc -p ${config} failed (exit ${code})`))
    )
  })
}

/** The kit's sources (tests aside), relative to src/. */
function sources(dir = path.join(kit, "src"), rel = "") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "__tests__") return []
    const file = path.join(rel, entry.name)
    if (entry.isDirectory()) return sources(path.join(dir, entry.name), file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}

const firstLine = (file) => readFileSync(file, "utf8").split("\n", 1)[0]

rmSync(out, { recursive: true, force: true })
await Promise.all(
  Object.entries(BUILDS).map(([dir, config]) =>
    compile(config, path.join(out, dir))
  )
)
writeFileSync(
  path.join(out, "cjs", "package.json"),
  `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`
)

const clients = sources().filter((f) =>
  USE_CLIENT.test(firstLine(path.join(kit, "src", f)))
)
const lost = Object.keys(BUILDS).flatMap((dir) =>
  clients
    .map((f) => path.join(out, dir, f.replace(/\.tsx?$/, ".js")))
    .filter((built) => !USE_CLIENT.test(firstLine(built)))
)
if (!clients.length || lost.length) {
  console.error(
    clients.length
      ? `"use client" is not the first line of ${lost.join(", ")}`
      : "no client component found: the check would pass on nothing"
  )
  process.exit(1)
}
