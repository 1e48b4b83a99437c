import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"

/**
 * The plugin's layers, lowest first (docs/architecture.md): a file may import its own layer and
 * the ones below, never one above, and no import may close a circle. The sandbox is apart (its
 * own package, packages/sandbox): it may read the service library and nothing of the plugin may
 * import it.
 */
export const SANDBOX = "packages/sandbox/src"

export const LAYERS: readonly { name: string; folders: readonly string[] }[] = [
  { name: "shipping-api", folders: ["src/shipping-api"] },
  { name: "options", folders: ["src/options"] },
  { name: "lib", folders: ["src/lib"] },
  { name: "modules", folders: ["src/modules"] },
  {
    name: "providers and workflows",
    folders: ["src/providers", "src/workflows"],
  },
  { name: "orchestration", folders: ["src/orchestration"] },
  {
    name: "glue",
    folders: [
      "src/subscribers",
      "src/jobs",
      "src/api",
      "src/admin",
      "src/links",
      "src/migration-scripts",
      "src/scripts",
    ],
  },
]

export type Violation = {
  kind: "upward" | "sandbox" | "cycle"
  message: string
}

const SOURCE = /\.(ts|tsx)$/
const SPECIFIER =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']|(?:require|import)\(\s*["']([^"']+)["']\s*\)/g

/** The project's source files (tests left out: they may reach any layer they test). */
export function sourceFiles(root: string, dir = "src"): string[] {
  const out: string[] = []
  for (const entry of readdirSync(path.join(root, dir))) {
    const rel = path.posix.join(dir, entry)
    if (
      entry === "__tests__" ||
      entry === "__fixtures__" ||
      entry === "node_modules"
    )
      continue
    if (statSync(path.join(root, rel)).isDirectory())
      out.push(...sourceFiles(root, rel))
    else if (
      SOURCE.test(entry) &&
      !/\.(spec|test)\.tsx?$/.test(entry) &&
      !entry.endsWith(".d.ts")
    )
      out.push(rel)
  }
  return out
}

/** The files a source text imports, resolved among `known` (relative specifiers only). */
export function importsOf(
  file: string,
  text: string,
  known: ReadonlySet<string>
): string[] {
  const out = new Set<string>()
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2]
    if (!spec?.startsWith(".")) continue
    const base = path.posix.normalize(
      path.posix.join(path.posix.dirname(file), spec)
    )
    const hit = [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      `${base}/index.ts`,
      `${base}/index.tsx`,
    ].find((c) => known.has(c))
    if (hit) out.add(hit)
  }
  return [...out]
}

export function layerOf(file: string): number | "sandbox" | undefined {
  if (file.startsWith(`${SANDBOX}/`)) return "sandbox"
  const i = LAYERS.findIndex((l) =>
    l.folders.some((f) => file === f || file.startsWith(`${f}/`))
  )
  return i === -1 ? undefined : i
}

/** Every upward import, every import of the sandbox from the plugin, and every circle. Pure. */
export function layerViolations(
  graph: ReadonlyMap<string, readonly string[]>
): Violation[] {
  const out: Violation[] = []
  for (const [from, tos] of graph) {
    const a = layerOf(from)
    for (const to of tos) {
      const b = layerOf(to)
      if (b === "sandbox" && a !== "sandbox")
        out.push({
          kind: "sandbox",
          message: `${from} imports the sandbox (${to})`,
        })
      else if (a === "sandbox" && b !== "sandbox" && b !== 0)
        out.push({
          kind: "upward",
          message: `${from} (sandbox) imports ${to}: the sandbox reads only src/shipping-api`,
        })
      else if (typeof a === "number" && typeof b === "number" && b > a)
        out.push({
          kind: "upward",
          message: `${from} (${LAYERS[a]!.name}) imports ${to} (${LAYERS[b]!.name})`,
        })
    }
  }
  for (const circle of circles(graph))
    out.push({
      kind: "cycle",
      message: `circle: ${circle.join(" → ")} → ${circle[0]}`,
    })
  return out
}

/** Strongly connected groups of more than one file, or a file importing itself (Tarjan). */
export function circles(
  graph: ReadonlyMap<string, readonly string[]>
): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w))
        low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        group.push(w)
      } while (w !== v)
      if (group.length > 1 || (graph.get(v) ?? []).includes(v))
        found.push(group.reverse())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

/** The import graph of the project's source files under `root`. */
export function importGraph(root: string): Map<string, string[]> {
  const files = [...sourceFiles(root), ...sourceFiles(root, SANDBOX)]
  const known = new Set(files)
  return new Map(
    files.map((f) => [
      f,
      importsOf(f, readFileSync(path.join(root, f), "utf8"), known),
    ])
  )
}
