import path from "node:path"
import { circles, importGraph, importsOf, layerViolations } from "./check"

describe("layers", () => {
  it("finds upward imports, imports of the sandbox and circles", () => {
    const graph = new Map<string, string[]>([
      ["src/modules/a/service.ts", ["src/orchestration/start-up/boot.ts"]],
      ["src/orchestration/start-up/boot.ts", ["src/modules/a/service.ts"]],
      [
        "src/lib/x.ts",
        ["packages/sandbox/src/server.ts", "src/shipping-api/y.ts"],
      ],
      [
        "packages/sandbox/src/server.ts",
        ["src/shipping-api/y.ts", "src/options/z.ts"],
      ],
      ["src/shipping-api/y.ts", []],
      ["src/options/z.ts", []],
    ])
    expect(
      layerViolations(graph)
        .map((v) => v.kind)
        .sort()
    ).toEqual(["cycle", "sandbox", "upward", "upward"])
    expect(circles(graph)).toEqual([
      ["src/modules/a/service.ts", "src/orchestration/start-up/boot.ts"],
    ])
  })

  it("reads import, export … from, type-only imports, require and import()", () => {
    const known = new Set([
      "src/lib/a.ts",
      "src/lib/b/index.ts",
      "src/lib/c.tsx",
      "src/lib/d.ts",
      "src/lib/e.ts",
    ])
    const text = `import { a } from "./a"\nimport type { B } from "./b"\nexport * from "./c"\nconst d = require("./d")\nconst e = await import("./e")\nimport z from "zod"`
    expect(importsOf("src/lib/x.ts", text, known).sort()).toEqual([
      "src/lib/a.ts",
      "src/lib/b/index.ts",
      "src/lib/c.tsx",
      "src/lib/d.ts",
      "src/lib/e.ts",
    ])
  })

  it("holds for the plugin's code: no circle, nothing importing a layer above it, the sandbox apart", () => {
    const graph = importGraph(path.resolve(__dirname, "../../../.."))
    expect(graph.size).toBeGreaterThan(100)
    expect(layerViolations(graph).map((v) => v.message)).toEqual([])
  })
})
