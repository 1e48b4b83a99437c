import { execFileSync, spawnSync } from "node:child_process"
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import path from "node:path"
import ts from "typescript"

/**
 * The kit as a storefront gets it: built and packed as npm publishes it, unpacked into an app's
 * node_modules, then imported (every entry) by a consumer file that TypeScript checks under each
 * module resolution a storefront may use: `node` (node10: Medusa's dtc-starter and the older
 * Next.js starter), `node16` and `nodenext` from a CommonJS and from an ES module file, and
 * `bundler`. Node loads every entry with require() and import() too. Any error fails.
 */
const KIT = path.resolve(__dirname, "../..")
const ROOT = path.resolve(KIT, "../..")
const NAME = "medusa-plugin-shipping-services-storefront"
const ENTRIES = ["", "/react", "/server"]

jest.setTimeout(240_000)

/**
 * Every entry, used with the real js-sdk client and React. A `@ts-expect-error` line fails when a
 * type the kit declares fell back to `any` (an import its declarations could not resolve).
 */
const CONSUMER = `import type { Client } from "@medusajs/js-sdk"
import {
  deliveryPromiseText,
  retrieveOrderTracking,
  type CheckoutProblem,
  type Parcel,
} from "${NAME}"
import {
  CheckoutProblems,
  DeliveryPromise,
  ParcelTimeline,
  promiseFor,
  type ParcelTimelineProps,
} from "${NAME}/react"
import { returnLabelRoute } from "${NAME}/server"
import { createElement } from "react"

// A storefront's sdk (new Medusa(...)) has this client. The js-sdk's default export itself does
// not type-check under node16 from ESM: the js-sdk's matter, not the kit's.
declare const client: Client
const sdk = { client }

export function parcels(orderId: string): Promise<Parcel[] | null> {
  return retrieveOrderTracking(sdk, orderId, { authorization: "Bearer t" })
}
export const GET = returnLabelRoute({ sdk, headers: async () => ({}) })
export const timeline = (props: ParcelTimelineProps) =>
  createElement(ParcelTimeline, props)
export const promise = createElement(DeliveryPromise, {
  promise: promiseFor([], "so_1"),
})
export const problems = (list: CheckoutProblem[]) =>
  createElement(CheckoutProblems, { problems: list })
export const words: string | null = deliveryPromiseText(null)
// @ts-expect-error a parcel has no such field (the kit's type, not any)
export const wrong: Parcel = { no_such_field: true }
// @ts-expect-error the timeline takes parcels (the kit's props, not any)
export const wrongProps: ParcelTimelineProps = { parcels: 1 }
`

/** How a consumer resolves the kit: its file (the extension says CommonJS or ESM) and options. */
const RESOLUTIONS: {
  name: string
  file: string
  module: string
  resolution: string
}[] = [
  {
    name: "node10",
    file: "consumer.ts",
    module: "commonjs",
    resolution: "node10",
  },
  {
    name: "node16 from CommonJS",
    file: "consumer.cts",
    module: "node16",
    resolution: "node16",
  },
  {
    name: "node16 from ESM",
    file: "consumer.mts",
    module: "node16",
    resolution: "node16",
  },
  {
    name: "nodenext from CommonJS",
    file: "consumer.cts",
    module: "nodenext",
    resolution: "nodenext",
  },
  {
    name: "nodenext from ESM",
    file: "consumer.mts",
    module: "nodenext",
    resolution: "nodenext",
  },
  {
    name: "bundler",
    file: "consumer.ts",
    module: "esnext",
    resolution: "bundler",
  },
]

/**
 * A compiler host that parses each declaration file once for all the checks (react's and the
 * js-sdk's types are most of the work): a file's parse depends only on its name and whether
 * it is read as CommonJS or ESM, never on how it was resolved.
 */
const parsed = new Map<string, ts.SourceFile | undefined>()
function cachedHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options)
  const read = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const format =
      typeof languageVersion === "object"
        ? languageVersion.impliedNodeFormat
        : undefined
    const key = `${fileName}\0${format}`
    if (!parsed.has(key))
      parsed.set(key, read(fileName, languageVersion, ...rest))
    return parsed.get(key)
  }
  return host
}

/**
 * The kit's own dist when `npm run build` made it after the last change to anything it is built
 * from (CI builds before it tests): the same script's output from the same inputs, which is what
 * npm packs. Otherwise none, and the test builds the kit itself (two tsc runs, ~8 CPU-seconds).
 * Its CommonJS package.json is written once both builds have ended.
 */
function freshDist(): string | undefined {
  const dist = path.join(KIT, "dist")
  const built = path.join(dist, "cjs", "package.json")
  if (!existsSync(built)) return undefined
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.name === "__tests__"
        ? []
        : entry.isDirectory()
          ? sources(path.join(dir, entry.name))
          : [path.join(dir, entry.name)]
    )
  const inputs = [
    ...sources(path.join(KIT, "src")),
    ...["tsconfig.json", "tsconfig.cjs.json", "scripts/build.mjs"].map((f) =>
      path.join(KIT, f)
    ),
    // Dependencies' types can show in the declarations; any install changes the lockfile.
    path.join(ROOT, "package-lock.json"),
  ]
  const builtAt = statSync(built).mtimeMs
  return inputs.every((f) => statSync(f).mtimeMs < builtAt) ? dist : undefined
}

describe("the packed kit in a storefront", () => {
  let work: string
  let app: string
  let tarball: string

  beforeAll(() => {
    // Inside the repository (a dot folder git ignores): the app's peers, react and the js-sdk,
    // resolve from the repository's node_modules as they would from a storefront's own.
    mkdirSync(path.join(ROOT, ".storefront-test"), { recursive: true })
    work = mkdtempSync(path.join(ROOT, ".storefront-test", "resolution-"))
    const stage = path.join(work, "kit")
    mkdirSync(stage)
    for (const file of ["package.json", "README.md"])
      cpSync(path.join(KIT, file), path.join(stage, file))
    const dist = freshDist()
    if (dist) cpSync(dist, path.join(stage, "dist"), { recursive: true })
    else
      execFileSync(
        process.execPath,
        [path.join(KIT, "scripts", "build.mjs"), path.join(stage, "dist")],
        { stdio: "pipe" }
      )
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--pack-destination", work], {
        cwd: stage,
        encoding: "utf8",
      })
    ) as { filename: string }[]
    tarball = path.join(work, packed!.filename)
    app = path.join(work, "app")
    const installed = path.join(app, "node_modules", NAME)
    mkdirSync(installed, { recursive: true })
    execFileSync("tar", [
      "xzf",
      tarball,
      "-C",
      installed,
      "--strip-components=1",
    ])
    writeFileSync(path.join(app, "package.json"), '{ "private": true }\n')
    for (const file of new Set(RESOLUTIONS.map((r) => r.file)))
      writeFileSync(path.join(app, file), CONSUMER)
  })

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('ships both builds, each client component beginning with "use client", and no tests', () => {
    const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ""))
    for (const build of ["esm", "cjs"])
      for (const entry of ["index", "react/index", "server/index"])
        expect(files).toEqual(
          expect.arrayContaining([
            `dist/${build}/${entry}.js`,
            `dist/${build}/${entry}.d.ts`,
          ])
        )
    expect(files).toContain("dist/cjs/package.json")
    expect(files.filter((f) => /__tests__|^src\//.test(f))).toEqual([])
    // The client components, as their sources say: their built files begin the same way.
    const firstLine = (file: string) =>
      readFileSync(file, "utf8").split("\n", 1)[0]
    const react = path.join(KIT, "src", "react")
    const clients = readdirSync(react).filter((f) =>
      /^["']use client["']/.test(firstLine(path.join(react, f))!)
    )
    expect(clients.length).toBeGreaterThanOrEqual(3)
    const installed = path.join(app, "node_modules", NAME, "dist")
    for (const build of ["esm", "cjs"])
      for (const f of clients)
        expect([
          `${build}/${f}`,
          firstLine(
            path.join(installed, build, "react", f.replace(/\.tsx?$/, ".js"))
          ),
        ]).toEqual([`${build}/${f}`, '"use client";'])
  })

  it.each(RESOLUTIONS)(
    "type-checks every entry under moduleResolution $name",
    ({ file, module, resolution }) => {
      const { options, errors } = ts.convertCompilerOptionsFromJson(
        {
          target: "es2022",
          lib: ["es2022", "dom"],
          module,
          moduleResolution: resolution,
          strict: true,
          esModuleInterop: true,
          noEmit: true,
          skipLibCheck: true,
          // Only what the file imports: not every @types package of the repository.
          types: [],
        },
        app
      )
      expect(errors).toEqual([])
      const program = ts.createProgram({
        rootNames: [path.join(app, file)],
        options,
        host: cachedHost(options),
      })
      const diagnostics = ts.formatDiagnostics(
        ts.getPreEmitDiagnostics(program),
        {
          getCanonicalFileName: (f) => f,
          getCurrentDirectory: () => app,
          getNewLine: () => "\n",
        }
      )
      expect(diagnostics).toBe("")
    }
  )

  it("loads every entry in Node with require() and with import()", () => {
    const exported: Record<string, string> = {
      "": "retrieveOrderTracking",
      "/react": "ParcelTimeline",
      "/server": "returnLabelRoute",
    }
    const script = (load: (specifier: string) => string) =>
      ENTRIES.map(
        (e) =>
          `if (typeof (${load(`"${NAME}${e}"`)}).${exported[e]} !== "function")` +
          ` throw new Error("${NAME}${e}: no ${exported[e]}")`
      ).join("\n")
    for (const [type, source] of [
      ["commonjs", script((s) => `require(${s})`)],
      ["module", script((s) => `await import(${s})`)],
    ] as const) {
      const run = spawnSync(
        process.execPath,
        ["--input-type", type, "--eval", source],
        { cwd: app, encoding: "utf8" }
      )
      expect(run.stderr.trim()).toBe("")
      expect(run.status).toBe(0)
    }
  })
})
