import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { builtinModules } from "node:module"
import path from "node:path"

/**
 * What a merchant installs: `npm pack` of this repository (run after `npm run build`, as
 * prepublishOnly does), and of the sandbox's own package (packages/sandbox), which a merchant
 * adds only to develop offline. The plugin's tarball holds the compiled plugin, its admin bundle,
 * README and the docs/ pages README names: no sandbox, tests, fixtures, dev app, benches or
 * TypeScript sources. Each package's
 * dependencies are what its code imports at run time, read from the sources (the sandbox's PDF
 * and QR libraries are the sandbox's; test-only libraries are dev dependencies).
 */
const root = path.resolve(__dirname, "../..")
const sandboxRoot = path.join(root, "packages/sandbox")

jest.setTimeout(180_000)

/** The build `npm pack` ships (made once here when this checkout has none). */
function ensureBuilt() {
  if (
    !existsSync(path.join(root, ".medusa/server/src")) ||
    !existsSync(path.join(sandboxRoot, "dist"))
  )
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" })
}

// One `npm pack` a package for the whole file (the plugin's takes some 3 CPU-seconds).
const packs = new Map<string, string[]>()

function packed(cwd: string): string[] {
  const known = packs.get(cwd)
  if (known) return known
  ensureBuilt()
  const out = execFileSync(
    "npm",
    ["pack", "--dry-run", "--json", "--ignore-scripts"],
    { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }
  )
  const paths = (
    JSON.parse(out) as { files: { path: string }[] }[]
  )[0]!.files.map((f) => f.path)
  packs.set(cwd, paths)
  return paths
}

const notShipped = (p: string) =>
  /(^|\/)(__tests__|__fixtures__|integration-tests|dev|bench|\.test-results|\.demo)\//.test(
    p
  ) ||
  // docs/ ships as the merchant's reference, its pages and their pictures only.
  (/(^|\/)docs\//.test(p) &&
    !/^docs\/([a-z0-9-]+\.md|img\/[a-z0-9-]+\.png)$/.test(p)) ||
  /\.(spec|test)\.[jt]sx?$/.test(p) ||
  (/\.tsx?$/.test(p) && !p.endsWith(".d.ts")) ||
  /medusa-config/.test(p)

describe("the plugin's tarball", () => {
  it("holds the compiled plugin and its entry points, and nothing a store does not run", () => {
    const paths = packed(root)
    for (const required of [
      "package.json",
      "README.md",
      ".medusa/server/src/modules/shipping-services/index.js",
      ".medusa/server/src/providers/shipping-services/index.js",
      ".medusa/server/src/admin/index.mjs",
      ".medusa/server/src/workflows/index.js",
    ]) {
      expect(paths).toContain(required)
    }
    expect(
      paths.filter(
        (p) =>
          notShipped(p) ||
          p.startsWith("src/") ||
          p.startsWith("packages/") ||
          p.includes("/sandbox/")
      )
    ).toEqual([])
  })

  it("carries every docs/ page README names, and the pictures those pages show", () => {
    const paths = new Set(packed(root))
    const readme = readFileSync(path.join(root, "README.md"), "utf8")
    const pages = [...new Set(readme.match(/\bdocs\/[a-z0-9-]+\.md\b/g) ?? [])]
    expect(pages.length).toBeGreaterThan(5)
    const missing = pages.filter((p) => !paths.has(p))
    for (const page of pages.filter((p) => paths.has(p))) {
      const text = readFileSync(path.join(root, page), "utf8")
      for (const m of text.matchAll(/\]\(((?:img\/|\.\/)[^)\s#]+)\)/g)) {
        const target = path.posix.join("docs", m[1]!)
        if (!paths.has(target)) missing.push(`${target} (shown by ${page})`)
      }
      for (const m of text.matchAll(/\]\(([a-z0-9-]+\.md)(?:#[^)]*)?\)/g)) {
        if (!paths.has(`docs/${m[1]}`))
          missing.push(`docs/${m[1]} (linked by ${page})`)
      }
    }
    expect(missing).toEqual([])
  })

  it("depends on what the plugin runs only", () => {
    const pkg = JSON.parse(
      readFileSync(path.join(root, "package.json"), "utf8")
    )
    const peers = new Set(Object.keys(pkg.peerDependencies))
    const server = packagesImportedBy(path.join(root, "src"), ["admin"])
    // The admin extensions run inside Medusa's dashboard, which provides React, its router and
    // react-query; the rest they import is a peer, or a library of their own (the spend chart's)
    // that the app's admin build bundles from the plugin's dependencies.
    const admin = packagesImportedBy(path.join(root, "src/admin"), [])
    const adminOwn = admin.filter(
      (name) => !peers.has(name) && !DASHBOARD_PROVIDES.has(name)
    )
    expect(adminOwn).toEqual(["uplot"])
    // Every package the plugin's own code loads at run time is a dependency or a peer (Medusa's),
    // and nothing else is a dependency: test-only libraries (bwip-js, pngjs) are dev ones.
    expect(Object.keys(pkg.dependencies).sort()).toEqual(
      [...server.filter((name) => !peers.has(name)), ...adminOwn].sort()
    )
    // README names these: label sheets and previews, and the ids of the plugin's rows.
    expect(server).toEqual(
      expect.arrayContaining(["pdf-lib", "omggif", "ulid"])
    )
    expect(pkg.bin).toBeUndefined()
  })
})

const DASHBOARD_PROVIDES = new Set([
  "react",
  "react-router-dom",
  "@tanstack/react-query",
])

/** Bare package names imported by the non-test TypeScript under `dir` (sorted). */
function packagesImportedBy(dir: string, skipDirs: string[]): string[] {
  const names = new Set<string>()
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name)
      if (entry.isDirectory()) {
        if (!["__tests__", "__fixtures__", ...skipDirs].includes(entry.name))
          walk(p)
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.spec\.tsx?$/.test(entry.name)
      ) {
        const source = readFileSync(p, "utf8")
        for (const m of source.matchAll(
          /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\(\s*|^import\s+)"([^"\s]+)"/gm
        )) {
          const id = m[1]
          if (id.startsWith(".") || id.startsWith("node:")) continue
          const name = id.startsWith("@")
            ? id.split("/").slice(0, 2).join("/")
            : id.split("/")[0]
          if (!builtinModules.includes(name)) names.add(name)
        }
      }
    }
  }
  walk(dir)
  return [...names].sort()
}

describe("the sandbox's tarball", () => {
  it("depends on what the sandbox and the service library it carries run, nothing test-only", () => {
    const pkg = JSON.parse(
      readFileSync(path.join(sandboxRoot, "package.json"), "utf8")
    )
    const peers = new Set(Object.keys(pkg.peerDependencies))
    const runs = new Set([
      ...packagesImportedBy(path.join(sandboxRoot, "src"), []),
      ...packagesImportedBy(path.join(root, "src/shipping-api"), []),
    ])
    expect(Object.keys(pkg.dependencies).sort()).toEqual(
      [...runs].filter((name) => !peers.has(name)).sort()
    )
  })

  it("holds the compiled sandbox, the service library it shares, and its command", () => {
    const paths = packed(sandboxRoot)
    for (const required of [
      "package.json",
      "bin/cli.js",
      "dist/packages/sandbox/src/cli.js",
      "dist/packages/sandbox/src/server.js",
      "dist/src/shipping-api/rules/index.js",
    ]) {
      expect(paths).toContain(required)
    }
    expect(
      paths.filter(
        (p) =>
          notShipped(p) ||
          p.startsWith("src/") ||
          // Only the service library of the plugin, nothing Medusa-facing.
          (p.startsWith("dist/src/") && !p.startsWith("dist/src/shipping-api/"))
      )
    ).toEqual([])
  })
})
