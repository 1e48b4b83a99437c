import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"

/**
 * What README and docs/ say that a test can check, kept true: every route of the plugin is named
 * in them (a merchant or a storefront developer finds every route), every docs/ page is linked
 * from README (the package ships the pages README names), and every repository path they name
 * in backticks exists. The options tables are checked against the schema by
 * src/options/__tests__/options-table.unit.spec.ts.
 */
const root = path.resolve(__dirname, "../..")
const read = (p: string) => readFileSync(path.join(root, p), "utf8")

const docPages = readdirSync(path.join(root, "docs"))
  .filter((f) => f.endsWith(".md"))
  .sort()
  .map((f) => `docs/${f}`)
const documents = ["README.md", ...docPages].map((file) => ({
  file,
  text: read(file),
}))

/** Every route file under src/api as `METHOD /path/:param`, one per exported method. */
function routes(): { method: string; path: string; file: string }[] {
  const out: { method: string; path: string; file: string }[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir))) {
      const rel = `${dir}/${entry}`
      if (statSync(path.join(root, rel)).isDirectory()) {
        if (entry !== "__tests__") walk(rel)
      } else if (entry === "route.ts") {
        const url = dir
          .slice("src/api".length)
          .replace(/\[([^\]]+)\]/g, (_, p: string) => `:${p}`)
        for (const m of read(rel).matchAll(
          /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g
        ))
          out.push({ method: m[1]!, path: url, file: rel })
      }
    }
  }
  walk("src/api")
  return out
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The route as docs write it: a parameter as `:name`, `<name>` or a concrete value. */
function routePattern(method: string, url: string): RegExp {
  const parts = url
    .split("/")
    .map((seg) =>
      seg.startsWith(":") ? "(?::[a-z_]+|<[a-z_]+>|[a-z0-9_-]+)" : escape(seg)
    )
  return new RegExp(`\\b${method} ${parts.join("/")}(?![\\w/:-])`)
}

/**
 * A storefront's files, as docs/storefront.md names them: Medusa's dtc-starter keeps its
 * storefront in apps/storefront. The browser tests' storefront is that guide's result, so each
 * such file it names is one of the test storefront's.
 */
const STOREFRONT = {
  named: "apps/storefront/",
  at: "integration-tests/storefront-app/",
}

/** Backticked repository paths (fenced blocks aside): `src/…`, `dev/…`, `docs/…`, … */
const ROOTS = [
  STOREFRONT.named,
  "src/",
  "dev/",
  "integration-tests/",
  "scripts/",
  "bench/",
  "packages/",
  "docs/",
  ".ci/",
]
function namedPaths(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, "")
  const out: string[] = []
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) {
    const token = m[1]!.trim().split(/\s+/)[0]!
    if (!ROOTS.some((r) => token.startsWith(r))) continue
    out.push(token.replace(/[),.:;]+$/, ""))
  }
  return out
}

/**
 * Whether a named path exists (a storefront's in the test storefront); a glob is checked up to
 * its first wildcard.
 */
function exists(named: string): boolean {
  const p = named.startsWith(STOREFRONT.named)
    ? STOREFRONT.at + named.slice(STOREFRONT.named.length)
    : named
  const wild = p.search(/[*{]/)
  const fixed = wild < 0 ? p : p.slice(0, p.lastIndexOf("/", wild) + 1)
  return existsSync(path.join(root, fixed))
}

/** The anchors GitHub gives a page's headings. */
function headingSlugs(text: string): Set<string> {
  const seen = new Map<string, number>()
  const slugs = new Set<string>()
  for (const m of text
    .replace(/^```[\s\S]*?^```/gm, "")
    .matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-")
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    slugs.add(n ? `${base}-${n}` : base)
  }
  return slugs
}

describe("what README and docs/ say", () => {
  it("names every route under src/api with its method", () => {
    const all = documents.map((d) => d.text).join("\n")
    const found = routes()
    expect(found.length).toBeGreaterThan(25)
    const unnamed = found
      .filter((r) => !routePattern(r.method, r.path).test(all))
      .map((r) => `${r.method} ${r.path} (${r.file})`)
    expect(unnamed).toEqual([])
  })

  it("names every admin route in docs/admin.md and every store route in docs/storefront.md, as README says", () => {
    const page = { admin: "docs/admin.md", store: "docs/storefront.md" }
    const unnamed = routes()
      .filter((r) => /^\/(admin|store)\//.test(r.path))
      .filter((r) => {
        const file = page[r.path.split("/")[1] as "admin" | "store"]
        return !routePattern(r.method, r.path).test(read(file))
      })
      .map((r) => `${r.method} ${r.path}`)
    expect(unnamed).toEqual([])
  })

  it("links every docs/ page from README", () => {
    const readme = read("README.md")
    const unlinked = docPages.filter(
      (p) => !new RegExp(`\\]\\(${escape(p)}(?:#[^)]*)?\\)`).test(readme)
    )
    expect(unlinked).toEqual([])
  })

  it("links only to files and headings that exist", () => {
    const broken = documents.flatMap(({ file, text }) =>
      [...text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!)
        .filter((link) => !/^[a-z]+:/.test(link))
        .filter((link) => {
          const [target, anchor] = link.split("#") as [string, string?]
          const resolved = target
            ? path.posix.join(path.posix.dirname(file), target)
            : file
          if (!existsSync(path.join(root, resolved))) return true
          return (
            anchor !== undefined &&
            resolved.endsWith(".md") &&
            !headingSlugs(read(resolved)).has(anchor)
          )
        })
        .map((link) => `${link} (${file})`)
    )
    expect(broken).toEqual([])
  })

  it("names only repository paths that exist", () => {
    const missing = documents.flatMap(({ file, text }) =>
      namedPaths(text)
        .filter((p) => !exists(p))
        .map((p) => `${p} (${file})`)
    )
    expect(missing).toEqual([])
  })

  it("writes no internal issue number: a user cannot look one up", () => {
    const numbered = documents.flatMap(({ file, text }) =>
      [...text.matchAll(/\b[Ii]ssues? #?\d+/g)].map((m) => `${file}: ${m[0]}`)
    )
    expect(numbered).toEqual([])
  })
})

describe("the checks themselves", () => {
  it("read a route's parameters in any of the forms docs use", () => {
    const p = routePattern(
      "GET",
      "/store/shipping-services/orders/:id/tracking"
    )
    expect(p.test("`GET /store/shipping-services/orders/:id/tracking`")).toBe(
      true
    )
    expect(p.test("GET /store/shipping-services/orders/order_1/tracking")).toBe(
      true
    )
    expect(p.test("POST /store/shipping-services/orders/:id/tracking")).toBe(
      false
    )
    expect(
      routePattern("GET", "/admin/shipping-services/batches").test(
        "GET /admin/shipping-services/batches/:id"
      )
    ).toBe(false)
  })

  it("slug headings as GitHub does", () => {
    expect(
      headingSlugs(
        "# Title\n## Receiving (`POST /hooks/x`, `/locker`)\n## The sandbox's clock\n## A\n## A\n"
      )
    ).toEqual(
      new Set([
        "title",
        "receiving-post-hooksx-locker",
        "the-sandboxs-clock",
        "a",
        "a-1",
      ])
    )
  })

  it("find backticked paths outside fenced blocks, and check globs up to the wildcard", () => {
    expect(
      namedPaths(
        "see `src/lib/in-flight.ts`, `npm test`, `src/**/__tests__/*.unit.spec.ts`.\n```\nsrc/nowhere.ts\n```\n"
      )
    ).toEqual(["src/lib/in-flight.ts", "src/**/__tests__/*.unit.spec.ts"])
    expect(exists("src/**/__tests__/*.unit.spec.ts")).toBe(true)
    expect(exists("src/nowhere.ts")).toBe(false)
  })

  it("look for a storefront's files in the test storefront, the plugin's in the repository", () => {
    expect(
      namedPaths("the label's route, `apps/storefront/src/lib/config.ts`:")
    ).toEqual(["apps/storefront/src/lib/config.ts"])
    expect(exists("apps/storefront/src/lib/data/shipping-services.ts")).toBe(
      true
    )
    expect(exists("apps/storefront/src/api/middlewares.ts")).toBe(false)
    expect(exists("src/api/middlewares.ts")).toBe(true)
  })
})
