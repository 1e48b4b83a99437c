import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import path from "node:path"

/**
 * What a merchant installs: `npm pack` of this repository (run after `npm run build`, as
 * prepublishOnly does). The compiled plugin, its admin bundle, README and the sandbox's command;
 * never tests, fixtures, the dev app, benches or source TypeScript.
 */
const root = path.resolve(__dirname, "../..")

jest.setTimeout(180_000)

describe("the package's tarball", () => {
  const files = (): string[] => {
    // What prepublishOnly does, when this checkout has not been built yet.
    if (!existsSync(path.join(root, ".medusa/server/src")))
      execFileSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" })
    const out = execFileSync(
      "npm",
      ["pack", "--dry-run", "--json", "--ignore-scripts"],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }
    )
    return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map(
      (f) => f.path
    )
  }

  it("holds the compiled plugin and its entry points, and nothing a store does not run", () => {
    const paths = files()
    for (const required of [
      "package.json",
      "README.md",
      "bin/cli.js",
      ".medusa/server/src/modules/shipping-services/index.js",
      ".medusa/server/src/providers/shipping-services/index.js",
      ".medusa/server/src/admin/index.mjs",
      ".medusa/server/src/workflows/index.js",
    ]) {
      expect(paths).toContain(required)
    }
    const unwanted = paths.filter(
      (p) =>
        /(^|\/)(__tests__|__fixtures__|integration-tests|dev|bench|docs|\.test-results|\.demo)\//.test(
          p
        ) ||
        /\.(spec|test)\.[jt]sx?$/.test(p) ||
        /\.tsx?$/.test(p) ||
        p.startsWith("src/") ||
        /medusa-config/.test(p)
    )
    expect(unwanted).toEqual([])
  })
})
