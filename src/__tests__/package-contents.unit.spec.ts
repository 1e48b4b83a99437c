import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"

/**
 * What a merchant installs: `npm pack` of this repository (run after `npm run build`, as
 * prepublishOnly does), and of the sandbox's own package (packages/sandbox), which a merchant
 * adds only to develop offline. The plugin's tarball holds the compiled plugin, its admin bundle
 * and README: no sandbox, tests, fixtures, dev app, benches or TypeScript sources. Its
 * dependencies are what the plugin runs (the sandbox's PDF and QR libraries are the sandbox's).
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

function packed(cwd: string): string[] {
  ensureBuilt()
  const out = execFileSync(
    "npm",
    ["pack", "--dry-run", "--json", "--ignore-scripts"],
    { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }
  )
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map(
    (f) => f.path
  )
}

const notShipped = (p: string) =>
  /(^|\/)(__tests__|__fixtures__|integration-tests|dev|bench|docs|\.test-results|\.demo)\//.test(
    p
  ) ||
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

  it("depends on what the plugin runs only", () => {
    const pkg = JSON.parse(
      readFileSync(path.join(root, "package.json"), "utf8")
    )
    expect(Object.keys(pkg.dependencies).sort()).toEqual([
      "bwip-js",
      "omggif",
      "pdf-lib",
      "pngjs",
    ])
    expect(pkg.bin).toBeUndefined()
  })
})

describe("the sandbox's tarball", () => {
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
