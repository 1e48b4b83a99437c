/**
 * The merchant's path in README "Install into an app", on a fresh
 * Medusa app made here, with nothing of this repository but the packed tarballs. Two shapes:
 *  - by default a plain npm app of the newest Medusa (this repository's pins);
 *  - INSTALL_STARTER=dtc: Medusa's own starter (medusajs/dtc-starter), a pnpm workspace whose
 *    apps/backend pins the oldest Medusa the plugin supports (2.18.0): the tarballs added with
 *    pnpm in apps/backend and no flag (no peer of the plugin left unmet), then Medusa's
 *    deployment path: `medusa build`, `npm install` in `.medusa/server` (its own node_modules,
 *    the vendor/ tarballs copied beside it), `medusa start` there.
 * CI runs the first on the newest Node.js line and the second on the oldest (scripts/test.sh).
 * The steps:
 *  1. `npm pack` this repository and its sandbox (after `npm run build`, as CI does; packed once
 *     per build, the other shape's run takes the same tarballs), the tarballs copied into the
 *     app's `vendor/` and installed from there (the plugin, and the sandbox as a devDependency),
 *     into a new app whose package.json is Medusa's starter's (dependencies read from this
 *     repository's pins so both run the same Medusa);
 *  2. medusa-config.ts is README's own block (read from README.md, so README cannot drift from what
 *     works), with the starter's projectConfig in place of its `// ...`: the plugin's default
 *     tracking options;
 *  3. the sandbox started from the app (README's command), the app's `.env` from what it prints
 *     (`shipping-services-sandbox env`), `medusa db:create`, `db:migrate` (which registers the
 *     webhook), `medusa build`, `medusa start` from `.medusa/server` (NODE_ENV=production: it
 *     warns that the sandbox answers it);
 *  4. then, over HTTP only: the provider and its fulfillment options, the plugin's admin routes
 *     behind a session, the admin bundle carrying the plugin's widgets, and a shopper's order that
 *     gets its label, then `shipped` and `delivered` as README's sandbox command advances its clock.
 * Logs: .test-results/install/node-<major>/ (the app lives in the OS's temporary directory while it
 * runs): CI runs this file on several Node.js lines at once, each in its own folder.
 */
import { spawn } from "node:child_process"
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { readdirSync, existsSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import path from "node:path"
import { freePort } from "../../dev/net"
import { fastTempDir } from "../../dev/private-postgres"
import { waitFor } from "../../dev/wait"
import { databaseUrl, dropDatabase } from "../../dev/database"
import { fetchApi, type Api } from "../../dev/seed/api"
import { fetchAgainOnReset } from "../../dev/fetch-again"
import {
  ADDRESSES,
  addStockedProduct,
  addWarehouse,
  PROVIDER_ID,
  placeOrder,
  setupBasics,
  type StoreBasics,
  type StoreSetup,
  WAREHOUSE_ADDRESS,
} from "../../dev/seed/store"
import { sandboxControl } from "../../dev/sandbox-control"
import { packedTarball } from "../../dev/packed"

const root = path.resolve(__dirname, "../..")
const DTC = process.env.INSTALL_STARTER === "dtc"
// The starter's shape installs twice (pnpm, then npm in .medusa/server): more time on a busy machine.
jest.setTimeout((DTC ? 30 : 15) * 60_000)
const work = path.join(
  root,
  ".test-results/install",
  `node-${process.versions.node.split(".")[0]}${DTC ? "-dtc" : ""}`
)
// Outside the repository: inside it, a package missing from the app would still resolve from
// this repository's node_modules, and the test would pass where a merchant's install fails.
// The npm app on the RAM disk when there is room: its install writes some 90,000 files, each a
// new inode that ext4 here makes dear. Not the starter's: pnpm would keep a store of its own there.
const workspace = path.join(
  DTC ? tmpdir() : fastTempDir(),
  `ss-${DTC ? "dtc" : "fresh"}-app-${process.pid}`
)
const app = DTC ? path.join(workspace, "apps/backend") : workspace
const ADMIN = { email: "merchant@example.com", password: "merchant-password" }
const dbName = `medusa_ss_install_${process.pid}`

type Run = {
  output: string
  /** SIGTERM to the whole group; SIGKILL after 15 s; resolves when no process of it is left. */
  stop: () => Promise<void>
  exited: Promise<number | null>
}

/** A command in `cwd`, its output kept (and written to `<work>/<log>.log`). */
function start(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  log: string
): Run {
  // Its own process group: npx starts the command as a child, and a signal to npx alone would
  // leave that child (a Medusa server, the sandbox) running after the test.
  const child = spawn(command, args, {
    cwd,
    env: { ...env, NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s)
    } catch {
      // already gone
    }
  }
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0)
      return true
    } catch {
      return false
    }
  }
  const stop = async () => {
    signal("SIGTERM")
    const deadline = Date.now() + 15_000
    while (groupAlive() && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200))
    signal("SIGKILL")
  }
  const run: Run = {
    output: "",
    stop,
    exited: new Promise((resolve) => child.on("exit", resolve)),
  }
  const keep = (d: Buffer) => {
    run.output += d
    writeFileSync(path.join(work, `${log}.log`), run.output)
  }
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  process.on("exit", () => signal("SIGKILL"))
  return run
}

/** Runs a command to its end; fails with its output's tail unless it exits 0. */
async function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  log: string
): Promise<string> {
  const r = start(command, args, cwd, env, log)
  const code = await r.exited
  if (code !== 0)
    throw new Error(
      `${command} ${args.join(" ")} exited ${code}:\n${r.output.slice(-4000)}`
    )
  return r.output
}

/** README's medusa-config.ts block, with the starter's projectConfig where it says `// ...`. */
export function medusaConfigFromReadme(readme: string): string {
  const block = readme
    .split("```ts\n")
    .slice(1)
    .map((b) => b.slice(0, b.indexOf("```")))
    .find((b) => b.includes("defineConfig(") && b.includes("plugins:"))
  if (!block || !block.includes("// ...\n"))
    throw new Error("README.md has no medusa-config.ts block with `// ...`")
  const projectConfig = `projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
`
  return (
    `import { loadEnv, defineConfig } from "@medusajs/framework/utils"\n\n` +
    `loadEnv(process.env.NODE_ENV || "development", process.cwd())\n\n` +
    block.replace("// ...\n", projectConfig)
  )
}

/** Medusa's starter (create-medusa-app), pinned to the Medusa this repository builds against. */
function starterPackageJson(): { dependencies: Record<string, string> } {
  const ours = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"))
  const pin = (name: string) => ours.devDependencies[name]
  return {
    name: "fresh-medusa-app",
    version: "0.0.1",
    private: true,
    scripts: {
      build: "medusa build",
      start: "medusa start",
      dev: "medusa develop",
    },
    dependencies: Object.fromEntries(
      [
        "@medusajs/admin-sdk",
        "@medusajs/cli",
        "@medusajs/framework",
        "@medusajs/medusa",
      ].map((n) => [n, pin(n)])
    ),
    devDependencies: Object.fromEntries(
      [
        "@medusajs/test-utils",
        "@swc/core",
        "@types/node",
        "react",
        "react-dom",
        "ts-node",
        "typescript",
        "vite",
      ].map((n) => [n, pin(n)])
    ),
    engines: { node: ">=20" },
  }
}

/** dtc-starter's pnpm, run through npx: no corepack needed (Node.js 25 and later have none). */
const PNPM = ["--yes", "pnpm@10.11.1"]

/**
 * This test's own copy of medusajs/dtc-starter's workspace (as of its commit 9233262f): the root
 * (its lint and turbo tooling left out) and apps/backend's package.json, Medusa 2.18.0 pinned.
 */
const DTC_ROOT = {
  name: "dtc-starter-monorepo",
  private: true,
  packageManager: "pnpm@10.11.1",
  engines: { node: ">=20" },
  pnpm: {
    overrides: { "@types/react": "19.0.5", "@types/react-dom": "19.0.5" },
  },
}
const DTC_WORKSPACE = `packages:\n  - "apps/**"\n  - "!apps/backend/.medusa/**"\n`
const DTC_NPMRC = "auto-install-peers=true\n"
const DTC_BACKEND = {
  name: "@dtc/backend",
  version: "0.0.1",
  private: true,
  scripts: {
    build: "medusa build",
    start: "medusa start",
    dev: "medusa develop",
  },
  dependencies: {
    "@medusajs/admin-sdk": "2.18.0",
    "@medusajs/admin-shared": "2.18.0",
    "@medusajs/caching": "2.18.0",
    "@medusajs/cli": "2.18.0",
    "@medusajs/dashboard": "2.18.0",
    "@medusajs/draft-order": "2.18.0",
    "@medusajs/framework": "2.18.0",
    "@medusajs/medusa": "2.18.0",
    "@medusajs/ui": "4.2.0",
    "@tanstack/react-query": "5.64.2",
    "react-i18next": "13.5.0",
    "react-router-dom": "6.30.4",
    zod: "4.2.0",
  },
  devDependencies: {
    "@medusajs/test-utils": "2.18.0",
    "@swc/core": "^1.7.28",
    "@types/node": "^20.12.11",
    "@types/react": "^18.3.2",
    "@types/react-dom": "^18.2.25",
    "prop-types": "^15.8.1",
    react: "^18.3.1",
    "react-dom": "^18.3.1",
    "ts-node": "^10.9.2",
    typescript: "^5.6.2",
    vite: "^5.4.14",
  },
  engines: { node: ">=20" },
}

const STARTER_TSCONFIG = {
  compilerOptions: {
    target: "ES2021",
    esModuleInterop: true,
    module: "Node16",
    moduleResolution: "Node16",
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    skipLibCheck: true,
    skipDefaultLibCheck: true,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: true,
    outDir: "./.medusa/server",
    rootDir: "./",
    jsx: "react-jsx",
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    checkJs: false,
    strictNullChecks: true,
  },
  "ts-node": { swc: true },
  include: ["**/*", ".medusa/types/*"],
  exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
}

/**
 * README: the tarballs copied into the app's `vendor/` and installed from there, so that the app's
 * package.json names `file:vendor/…` and not this checkout's path.
 */
async function installFromVendor(
  pluginTarball: string,
  sandboxTarball: string,
  npmEnv: NodeJS.ProcessEnv
): Promise<void> {
  const vendor = path.join(app, "vendor")
  mkdirSync(vendor, { recursive: true })
  for (const t of [pluginTarball, sandboxTarball])
    copyFileSync(t, path.join(vendor, path.basename(t)))
  const local = (t: string) => `./vendor/${path.basename(t)}`
  if (DTC) {
    // README's pnpm lines, in apps/backend (`--dir`); no flag: pnpm would add any unmet peer to
    // its report. npx runs from an empty folder: in the app, to see whether the app has that pnpm,
    // it read the whole installed tree first (4 CPU-s before the second line).
    const npxCwd = mkdtempSync(path.join(tmpdir(), "ss-npx-"))
    try {
      for (const [what, args] of [
        ["pnpm add", ["add", local(pluginTarball)]],
        ["pnpm add -D sandbox", ["add", "-D", local(sandboxTarball)]],
      ] as const) {
        const out = await timed(what, () =>
          run(
            "npx",
            [...PNPM, "--dir", app, ...args],
            npxCwd,
            npmEnv,
            what.replace(/ /g, "-")
          )
        )
        pnpmPeerIssues.push(...ourPeerIssues(out))
      }
    } finally {
      rmSync(npxCwd, { recursive: true, force: true })
    }
    const pkg = JSON.parse(readFileSync(path.join(app, "package.json"), "utf8"))
    vendored = {
      plugin: pkg.dependencies["medusa-plugin-shipping-services"],
      sandbox: pkg.devDependencies["medusa-plugin-shipping-services-sandbox"],
    }
    return
  }
  // --prefer-offline: the packages this repository's `npm ci` just fetched come from npm's cache.
  const flags = ["--prefer-offline", "--no-audit", "--no-fund"]
  await timed("npm install", () =>
    run(
      "npm",
      ["install", ...flags, local(pluginTarball)],
      app,
      npmEnv,
      "npm-install"
    )
  )
  await timed("npm install -D sandbox", () =>
    run(
      "npm",
      ["install", "--save-dev", ...flags, local(sandboxTarball)],
      app,
      npmEnv,
      "npm-install-sandbox"
    )
  )
  const pkg = JSON.parse(readFileSync(path.join(app, "package.json"), "utf8"))
  vendored = {
    plugin: pkg.dependencies["medusa-plugin-shipping-services"],
    sandbox: pkg.devDependencies["medusa-plugin-shipping-services-sandbox"],
  }
}

/** pnpm's peer report's lines that name this plugin or its sandbox (none expected). */
export function ourPeerIssues(output: string): string[] {
  const at = output.indexOf("Issues with peer dependencies")
  if (at < 0) return []
  // The report is a tree; what pnpm added is listed after it (`dependencies:`).
  const report = output.slice(at).split(/^(?:dev)?dependencies:/im)[0]!
  return report
    .split("\n")
    .filter((l) => /medusa-plugin-shipping-services/.test(l))
}

/** README: `npx shipping-services-sandbox env --port <p> --store-url <this app>`, as variables. */
async function sandboxDotenv(
  sandboxPort: number,
  appPort: number,
  npmEnv: NodeJS.ProcessEnv
): Promise<Record<string, string>> {
  const printed = await run(
    "npx",
    [
      "shipping-services-sandbox",
      "env",
      "--port",
      String(sandboxPort),
      "--store-url",
      `http://localhost:${appPort}`,
    ],
    app,
    npmEnv,
    "sandbox-env"
  )
  return Object.fromEntries(
    printed
      .split("\n")
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => l.split(/=(.*)/s, 2) as [string, string])
  )
}

/** README's sandbox command: its clock advanced until every timeline is done, webhooks delivered. */
async function advanceSandboxClock(): Promise<void> {
  const control = (p: string, body: unknown) =>
    fetch(`${sandboxUrl}/_sandbox${p}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => {
      if (!r.ok) throw new Error(`sandbox ${p}: ${r.status}`)
    })
  await control("/clock/advance", { until: "done" })
  await control("/webhooks/settle", {})
}

let vendored: { plugin?: string; sandbox?: string } = {}
const pnpmPeerIssues: string[] = []
let sandbox: Run
let sandboxUrl = ""
let server: Run
let env: NodeJS.ProcessEnv
let api: Api
let admin: { headers: Record<string, string> }
let migrateLog = ""
const timings: Record<string, number> = {}

async function timed<T>(what: string, f: () => Promise<T>): Promise<T> {
  const t0 = Date.now()
  try {
    return await f()
  } finally {
    timings[what] = Math.round((Date.now() - t0) / 100) / 10
  }
}

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  mkdirSync(path.join(app, "src"), { recursive: true })
  const npmEnv = { ...process.env }

  // 1. The tarball, as README says (the build is CI's `npm run build`; made here if missing).
  if (!existsSync(path.join(root, ".medusa/server/src")))
    await run("npm", ["run", "build"], root, npmEnv, "build-plugin")
  // Packed once per build: the other Node.js line's run of this file uses the same tarballs.
  const tarball = await packedTarball(root, (dest) =>
    run("npm", ["pack", "--pack-destination", dest], root, npmEnv, "pack")
  )
  // The sandbox is a package of its own, installed as a devDependency (README).
  const sandboxDir = path.join(root, "packages/sandbox")
  const sandboxTarball = await packedTarball(sandboxDir, (dest) =>
    run(
      "npm",
      ["pack", "--pack-destination", dest],
      sandboxDir,
      npmEnv,
      "pack-sandbox"
    )
  )

  if (DTC) {
    writeFileSync(
      path.join(workspace, "package.json"),
      JSON.stringify(DTC_ROOT, null, 2)
    )
    writeFileSync(path.join(workspace, "pnpm-workspace.yaml"), DTC_WORKSPACE)
    writeFileSync(path.join(workspace, ".npmrc"), DTC_NPMRC)
  }
  writeFileSync(
    path.join(app, "package.json"),
    JSON.stringify(DTC ? DTC_BACKEND : starterPackageJson(), null, 2)
  )
  writeFileSync(
    path.join(app, "tsconfig.json"),
    JSON.stringify(STARTER_TSCONFIG, null, 2)
  )
  writeFileSync(
    path.join(app, "medusa-config.ts"),
    medusaConfigFromReadme(readFileSync(path.join(root, "README.md"), "utf8"))
  )
  // The starter as cloned, its workspace not installed apart: README's first `pnpm add` installs
  // it with the plugin (a `pnpm install` before it resolved the same packages, 28 CPU-s more).
  await installFromVendor(tarball, sandboxTarball, npmEnv)

  // 2. The sandbox from its installed package (README's command), then the app's environment.
  const sandboxPort = await freePort()
  sandbox = start(
    "npx",
    ["shipping-services-sandbox", "--port", String(sandboxPort)],
    app,
    npmEnv,
    "sandbox"
  )
  sandboxUrl = await waitFor(
    async () => sandbox.output.match(/baseUrl\s+(\S+)/)?.[1],
    "the sandbox to listen",
    60_000
  )
  const port = await freePort()
  const starterEnv = {
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl(dbName),
    STORE_CORS: "http://localhost:8000",
    ADMIN_CORS: `http://localhost:${port}`,
    AUTH_CORS: `http://localhost:${port}`,
    PORT: String(port),
  }
  // README's block reads the SHIPPING_* variables the sandbox prints.
  const shippingEnv = await sandboxDotenv(sandboxPort, port, npmEnv)
  env = { ...process.env, ...starterEnv, ...shippingEnv }
  // The starter's .env with the sandbox's lines (db:create reads DATABASE_URL from the file).
  writeFileSync(
    path.join(app, ".env"),
    Object.entries({ ...starterEnv, ...shippingEnv })
      .filter(([k]) => k !== "NODE_ENV")
      .map(([k, v]) => `${k}=${v}`)
      .join("\n") + "\n"
  )

  // 3. README's commands, in its order.
  await timed("db:create", () =>
    run("npx", ["medusa", "db:create", "--db", dbName], app, env, "db-create")
  )
  migrateLog = await timed("db:migrate", () =>
    run("npx", ["medusa", "db:migrate"], app, env, "db-migrate")
  )
  await run(
    "npx",
    ["medusa", "user", "-e", ADMIN.email, "-p", ADMIN.password],
    app,
    env,
    "user"
  )
  await timed("medusa build", () =>
    run("npx", ["medusa", "build"], app, env, "build")
  )
  const serverDir = path.join(app, ".medusa/server")
  if (DTC) {
    // Medusa's deployment: the build's package.json installed in its folder, with npm; it names
    // the tarballs as `file:vendor/…`, so vendor/ goes beside it.
    cpSync(path.join(app, "vendor"), path.join(serverDir, "vendor"), {
      recursive: true,
    })
    await timed("npm install (.medusa/server)", () =>
      run(
        "npm",
        // As the app's own install: the packages npm fetched before come from its cache.
        ["install", "--prefer-offline", "--no-audit", "--no-fund"],
        serverDir,
        npmEnv,
        "npm-install-server"
      )
    )
  }
  const started = Date.now()
  server = start(
    "npx",
    ["medusa", "start"],
    serverDir,
    { ...env, NODE_ENV: "production" },
    "start"
  )
  api = fetchApi(`http://localhost:${port}`)
  await waitFor(
    async () => (await api.get("/health")).status === 200,
    "the app's /health",
    120_000,
    500
  )
  timings["medusa start → /health"] =
    Math.round((Date.now() - started) / 100) / 10
  const { data } = await api.post("/auth/user/emailpass", ADMIN)
  admin = { headers: { authorization: `Bearer ${data.token}` } }
})

afterAll(async () => {
  // Figures for the closing notes: how long each of README's steps took here.
  console.log(`install timings (s): ${JSON.stringify(timings)}`)
  await Promise.all([server?.stop(), sandbox?.stop()])
  await dropDatabase(dbName).catch(() => undefined)
  rmSync(workspace, { recursive: true, force: true })
})

/** README's setup command, run from the app. */
const SETUP_SCRIPT =
  "./node_modules/medusa-plugin-shipping-services/.medusa/server/src/scripts/setup-shipping.js"

let basics: StoreBasics

/** The shop as a storefront sees it once set up: the options the setup made, by service. */
async function storeOfBasics(api: Api, b: StoreBasics): Promise<StoreSetup> {
  const { data } = await api.get(
    "/admin/shipping-options?fields=id,data,provider_id",
    admin
  )
  const shippingOptions: Record<string, string> = {}
  for (const o of data.shipping_options as {
    id: string
    provider_id: string
    data: { id: string }
  }[])
    if (o.provider_id === PROVIDER_ID) shippingOptions[o.data.id] = o.id
  return { ...b, shippingOptions }
}

describe(`the packed plugin in a fresh Medusa app (${DTC ? "dtc-starter, pnpm, Medusa 2.18.0" : "npm"})`, () => {
  it("is installed from the app's vendor/, not from this checkout", () => {
    expect(vendored).toEqual({
      plugin: expect.stringMatching(
        /^file:(\.\/)?vendor\/medusa-plugin-shipping-services-\d+\.\d+\.\d+\.tgz$/
      ),
      sandbox: expect.stringMatching(
        /^file:(\.\/)?vendor\/medusa-plugin-shipping-services-sandbox-\d+\.\d+\.\d+\.tgz$/
      ),
    })
  })

  it("runs the Medusa the starter pins, with no peer of the plugin unmet", () => {
    // What `medusa start` in .medusa/server loads.
    const from = createRequire(path.join(app, ".medusa/server/package.json"))
    const medusa = JSON.parse(
      readFileSync(from.resolve("@medusajs/medusa/package.json"), "utf8")
    ).version
    expect(medusa).toBe(
      DTC ? "2.18.0" : starterPackageJson().dependencies["@medusajs/medusa"]
    )
    expect(pnpmPeerIssues).toEqual([])
  })

  it("registers its webhook at db:migrate", () => {
    expect(migrateLog).toMatch(/tracking webhook registered at the service/)
  })

  it("boots without an error line, warning that the sandbox answers a production app", async () => {
    expect(server.output).toMatch(/Server is ready on port/)
    expect(server.output).not.toMatch(/\berror\b:/i)
    // The warning comes from a call made in the background at start.
    await waitFor(
      async () =>
        /NODE_ENV=production but roots\.baseUrl \S+ is the local sandbox/.test(
          server.output
        ),
      "the sandbox warning at start",
      30_000,
      500
    )
  })

  it("offers its provider and one fulfillment option per service of the options", async () => {
    const { data } = await api.get(
      "/admin/fulfillment-providers?limit=100",
      admin
    )
    expect(
      data.fulfillment_providers.map((p: { id: string }) => p.id)
    ).toContain(PROVIDER_ID)
    const { data: options } = await api.get(
      `/admin/fulfillment-providers/${PROVIDER_ID}/options`,
      admin
    )
    expect(
      options.fulfillment_options.map((o: { id: string }) => o.id).sort()
    ).toEqual(["cross-border", "postal-ground"])
  })

  it("serves its admin routes behind a session only", async () => {
    const withSession = await api.get(
      "/admin/shipping-services/services",
      admin
    )
    expect(withSession.status).toBe(200)
    const without = await fetchAgainOnReset(
      `http://localhost:${env.PORT}/admin/shipping-services/services`
    )
    expect(without.status).toBe(401)
  })

  it("puts its admin widgets into the app's admin bundle", async () => {
    const page = await api.get("/app")
    expect(page.status).toBe(200)
    const assets = path.join(app, ".medusa/server/public/admin/assets")
    const bundle = readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(path.join(assets, f), "utf8"))
      .join("\n")
    // Texts of the order page's widget and of the settings page (src/admin); a boolean, so a
    // failure does not print megabytes of bundle.
    expect({
      widget: bundle.includes("Fulfill in parcels"),
      settings: bundle.includes("Labels without a fulfillment"),
    }).toEqual({ widget: true, settings: true })
  })

  it("sets shipping up with README's command: no zone or shipping option made by hand", async () => {
    // What a merchant does in Medusa's own admin first: channel, regions, warehouse, products.
    basics = await setupBasics(api, admin)
    const dryRun = await timed("setup-shipping --dry-run", () =>
      run(
        "npx",
        ["medusa", "exec", SETUP_SCRIPT, "--", "--dry-run"],
        app,
        env,
        "setup-dry-run"
      )
    )
    expect(dryRun).toMatch(/create: “Ground”, domestic to US/)
    const { data: before } = await api.get("/admin/shipping-options", admin)
    expect(before.shipping_options).toEqual([])
    await timed("setup-shipping", () =>
      run("npx", ["medusa", "exec", SETUP_SCRIPT], app, env, "setup")
    )
    const { data: after } = await api.get(
      "/admin/shipping-options?fields=id,name,provider_id,price_type,data",
      admin
    )
    const ours = after.shipping_options.filter(
      (o: { provider_id: string }) => o.provider_id === PROVIDER_ID
    )
    expect(ours.map((o: { data: { id: string } }) => o.data.id).sort()).toEqual(
      ["cross-border", "postal-ground"]
    )
    // Again: nothing more.
    const again = await run(
      "npx",
      ["medusa", "exec", SETUP_SCRIPT],
      app,
      env,
      "setup-again"
    )
    expect(again).toMatch(/nothing to create/i)
    const { data: twice } = await api.get("/admin/shipping-options", admin)
    expect(twice.shipping_options).toHaveLength(after.shipping_options.length)
  })

  /** The order's shipment with its label bought, once automatic fulfillment made it. */
  const labelOf = (orderId: string) =>
    waitFor(
      async () => {
        const { data } = await api.get(
          `/admin/shipping-services/orders/${orderId}/shipments`,
          admin
        )
        return data.shipments?.find(
          (s: { status: string }) => s.status === "created"
        )
      },
      "the order's label",
      60_000,
      500
    )

  it("buys the label of a shopper's order, which the admin can print", async () => {
    const store = await storeOfBasics(api, basics)
    const order = await placeOrder(api, store, {
      region: "us",
      address: ADDRESSES.newYork,
      optionId: "postal-ground",
      items: [{ variantId: store.products[0]!.variantId, quantity: 1 }],
    })
    const shipment = await labelOf(order.id)
    expect(shipment.tracking_number).toMatch(/^\d{20,}$/)
    const label = await fetchAgainOnReset(
      `http://localhost:${env.PORT}/admin/shipping-services/shipments/${shipment.id}/label`,
      { headers: admin.headers }
    )
    expect(label.status).toBe(200)
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 4)
        .toString()
    ).toBe("%PDF")
    expect(shipment.sandbox).toEqual({ clock_at: expect.any(String) })

    // Medusa's order by id answers anyone with the id: never the tracking number, even when
    // asked for the labels that carry it (before 2.21 Medusa itself would answer them).
    const byId = await fetchAgainOnReset(
      `http://localhost:${env.PORT}/store/orders/${order.id}?fields=*fulfillments,*fulfillments.labels`,
      { headers: { "x-publishable-api-key": store.publishableKey } }
    )
    expect(byId.status).toBe(200)
    const answered = await byId.text()
    expect(
      (JSON.parse(answered) as { order: { fulfillments: unknown[] } }).order
        .fulfillments
    ).toHaveLength(1)
    expect(answered).not.toContain(shipment.tracking_number)

    // README's sandbox command takes the parcel to delivered, with the default tracking options.
    await advanceSandboxClock()
    const delivered = await waitFor(
      async () => {
        const { data } = await api.get(
          `/admin/shipping-services/orders/${order.id}/shipments`,
          admin
        )
        const s = data.shipments?.[0]
        return s?.fulfillment?.delivered_at ? s : undefined
      },
      "the parcel delivered",
      60_000,
      500
    )
    expect(delivered.fulfillment.shipped_at).toBeTruthy()
    expect(delivered.tracking_status).toBe("Delivered")
    expect(
      delivered.timeline.filter((e: { ignored: string | null }) => e.ignored)
    ).toEqual([])

    // The package's return routes: the customer's cancel answers nobody else (a guest order:
    // the tracking route's 404), and Medusa's own "Cancel return" still answers for itself.
    const cancel = await fetchAgainOnReset(
      `http://localhost:${env.PORT}/store/shipping-services/orders/${order.id}/returns/return_01UNKNOWN/cancel`,
      {
        method: "POST",
        headers: { "x-publishable-api-key": store.publishableKey },
      }
    )
    expect(cancel.status).toBe(404)
    expect(((await cancel.json()) as { message: string }).message).toBe(
      `Order with id: ${order.id} was not found`
    )
    const medusaCancel = await fetchAgainOnReset(
      `http://localhost:${env.PORT}/admin/returns/return_01UNKNOWN/cancel`,
      {
        method: "POST",
        headers: { ...admin.headers, "content-type": "application/json" },
        body: "{}",
      }
    )
    expect(medusaCancel.status).toBe(404)
  })

  it("keeps selling through an outage of the service, and labels the orders when it is back, with no admin action", async () => {
    const store = await storeOfBasics(api, basics)
    const control = sandboxControl(sandboxUrl)
    // The service down for maintenance: every operation answers 503.
    await control("POST", "/faults", {
      operation: "*",
      fault: "503",
      count: 1_000_000,
    })
    try {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: store.products[0]!.variantId, quantity: 1 }],
      })
      const waiting = await waitFor(
        async () => {
          const { data } = await api.get(
            `/admin/shipping-services/orders/${order.id}/shipments`,
            admin
          )
          return data.auto_fulfillment?.status === "waiting"
            ? data.auto_fulfillment
            : undefined
        },
        "the order waiting for the service",
        60_000,
        500
      )
      // No attempt spent; the service's own words say why it waits.
      expect(waiting).toMatchObject({ attempts: 0, can_retry: true })
      expect(waiting.last_error).toMatch(/maintenance|not answering/)
      await control("DELETE", "/faults")
      // The app's own probe job (every 15 s) finds the service back and buys the label.
      const shipment = await labelOf(order.id)
      expect(shipment.tracking_number).toMatch(/^\d{20,}$/)
    } finally {
      await control("DELETE", "/faults")
      // The outage over for the app too (its probe saw the service back), whatever happened above.
      await waitFor(
        async () => {
          const { data } = await api.get(
            "/admin/shipping-services/health",
            admin
          )
          return (
            data.health.items.find((i: { key: string }) => i.key === "service")
              ?.status === "ok"
          )
        },
        "the app to see the service back",
        60_000,
        1_000
      )
    }
  })

  it("ships the next label from the warehouse address the admin just saved", async () => {
    // The subscriber that forgets the remembered address and the provider that remembers it
    // must share one module instance in an installed app: the label above was bought, so this
    // process remembers the warehouse's address now.
    const store = await storeOfBasics(api, basics)
    const fromOf = async (orderId: string) => {
      const shipment = await labelOf(orderId)
      const state = await sandboxControl(sandboxUrl)("GET", "/state")
      const sent = state.shipments.find(
        (s: { parcelTrackingNumber: string }) =>
          s.parcelTrackingNumber === shipment.tracking_number
      )
      return sent.response.fromAddress.addressLines
    }
    await api.post(
      `/admin/stock-locations/${basics.locationId}`,
      { address: { ...WAREHOUSE_ADDRESS, address_1: "100 Bridgeport Ave" } },
      admin
    )
    const order = await placeOrder(api, store, {
      region: "us",
      address: ADDRESSES.newYork,
      optionId: "postal-ground",
      items: [{ variantId: store.products[0]!.variantId, quantity: 1 }],
    })
    expect(await fromOf(order.id)).toEqual(["100 BRIDGEPORT AVE"])
  })
  it("ships an order stocked in two warehouses as one parcel from each, each from its own address", async () => {
    const store = await storeOfBasics(api, basics)
    const austin = await addWarehouse(api, admin, basics)
    const inShelton = await addStockedProduct(api, admin, basics, {
      title: "Kettle (Shelton)",
      sku: "KETTLE-SHELTON",
      stock: { [basics.locationId]: 10 },
    })
    const inAustin = await addStockedProduct(api, admin, basics, {
      title: "Kettle (Austin)",
      sku: "KETTLE-AUSTIN",
      stock: { [austin]: 10 },
    })
    const order = await placeOrder(api, store, {
      region: "us",
      address: ADDRESSES.newYork,
      optionId: "postal-ground",
      items: [
        { variantId: inShelton, quantity: 1 },
        { variantId: inAustin, quantity: 1 },
      ],
    })
    const shipments = await waitFor(
      async () => {
        const { data } = await api.get(
          `/admin/shipping-services/orders/${order.id}/shipments`,
          admin
        )
        const created = (data.shipments ?? []).filter(
          (s: { status: string }) => s.status === "created"
        )
        return created.length === 2 ? created : undefined
      },
      "a label from each warehouse",
      60_000,
      500
    )
    const state = await sandboxControl(sandboxUrl)("GET", "/state")
    const from = shipments
      .map(
        (s: { tracking_number: string }) =>
          state.shipments.find(
            (x: { parcelTrackingNumber: string }) =>
              x.parcelTrackingNumber === s.tracking_number
          ).response.fromAddress.postalCode
      )
      .sort()
    expect(from).toEqual(["06484", "78701"])
  })
})
