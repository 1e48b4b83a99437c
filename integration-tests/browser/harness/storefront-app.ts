import { spawn, type ChildProcess } from "node:child_process"
import { createHash } from "node:crypto"
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { freePort } from "../../../dev/net"
import { waitFor } from "../../../dev/wait"
import { RESULTS_DIR } from "./app"

/**
 * The test storefront (integration-tests/storefront-app): the parts of Medusa's dtc-starter
 * storefront that docs/storefront.md changes, shaped and set up as the starter has them
 * ("moduleResolution": "node", NEXT_PUBLIC_ variables, the sdk's fetch wrapper), the guide's steps
 * applied, and the storefront kit installed as a storefront installs it, from the packed
 * tarball. Its own package (Next 15 wants React 19; the repository's workspace keeps React 18 for
 * the admin), installed here with `npm ci` from its own package-lock.json.
 *
 * `prepareStorefront` installs and builds it: `next build` once, types checked, then `next start`
 * serves it (`next dev` compiling each page on its first request took as long overall: 111 s for
 * the spec file against 106 s, measured side by side, and a build is what storefronts deploy).
 * The browser group's global setup starts it in a process of its own (`startPreparation`), so
 * the install and build run while the group's database is migrated and the backend starts; the
 * spec waits for it (`preparedStorefront`). What is up to date is skipped: the dependencies when
 * the lockfile is the one installed, the build when the app's sources and the kit's tarball are
 * the ones built (a clean clone, as CI has, does both).
 *
 * The app is installed and built in a copy under a dot folder (WORK_DIR): `medusa develop` (the
 * backend of these tests, run from the repository root) restarts on any file written under the
 * project but dot folders and the root's node_modules, and would watch the app's own node_modules
 * (hundreds of megabytes) file by file.
 */
const root = path.resolve(__dirname, "../../..")
export const APP_DIR = path.join(root, "integration-tests", "storefront-app")
const KIT_DIR = path.join(root, "packages", "storefront")
const WORK = path.join(root, ".storefront-test")
export const WORK_DIR = path.join(WORK, "app")
const KIT_STAGE = path.join(WORK, "kit")
const INSTALLED_STAMP = path.join(WORK_DIR, "node_modules", ".installed-lock")
const BUILT_STAMP = path.join(WORK_DIR, ".next", ".built-from")
const BUILD_OUTPUT = new Set(["node_modules", ".next"])
/** The starter's variables naming the backend: set when the app starts, never when it builds. */
const BACKEND_VARIABLES = [
  "NEXT_PUBLIC_MEDUSA_BACKEND_URL",
  "NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY",
]

/**
 * Runs a command to its end, its output in `log`; rejects with the output's tail. A variable of
 * `env` set to undefined is left out of the command's environment.
 */
function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; log: string; env?: NodeJS.ProcessEnv }
): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(opts.log, { flags: "a" })
    let tail = ""
    const env = { ...process.env, ...opts.env }
    for (const [key, value] of Object.entries(env))
      if (value === undefined) delete env[key]
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    const keep = (d: Buffer) => {
      out.write(d)
      tail = (tail + d.toString()).slice(-4000)
    }
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    child.on("error", reject)
    child.on("exit", (code, signal) => {
      out.end()
      if (code === 0) resolve()
      else
        reject(
          new Error(
            `${cmd} ${args.join(" ")} failed (${signal ?? `exit ${code}`}); see ${opts.log}:\n${tail}`
          )
        )
    })
  })
}

const sha = (...parts: (string | Buffer)[]) => {
  const h = createHash("sha256")
  for (const p of parts) h.update(p)
  return h.digest("hex")
}

/** Files under `dir`, recursively, but the build output, sorted. */
function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (BUILD_OUTPUT.has(entry.name)) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...filesUnder(full))
    else if (entry.isFile()) out.push(full)
  }
  return out.sort()
}

/** packages/storefront/dist (both builds) is there and newer than everything it is built from. */
function kitIsBuilt(): boolean {
  const dist = path.join(KIT_DIR, "dist")
  if (
    !["esm", "cjs"].every((build) =>
      existsSync(path.join(dist, build, "index.js"))
    )
  )
    return false
  const built = Math.min(...filesUnder(dist).map((f) => statSync(f).mtimeMs))
  return [
    ...filesUnder(path.join(KIT_DIR, "src")),
    ...filesUnder(path.join(KIT_DIR, "scripts")),
    path.join(KIT_DIR, "package.json"),
    path.join(KIT_DIR, "tsconfig.json"),
    path.join(KIT_DIR, "tsconfig.cjs.json"),
  ].every((f) => statSync(f).mtimeMs <= built)
}

/**
 * The kit as npm publishes it, packed into `packDir` (its package.json "files"): from
 * packages/storefront/dist as `npm run build` left it when that is newer than every source (CI
 * builds before it tests), else built (its own build script) into a copy of the package, never
 * into packages/storefront while a test's medusa develop watches it.
 */
async function packKit(packDir: string, log: string): Promise<string> {
  let packFrom = KIT_DIR
  if (!kitIsBuilt()) {
    packFrom = KIT_STAGE
    rmSync(KIT_STAGE, { recursive: true, force: true })
    mkdirSync(KIT_STAGE, { recursive: true })
    for (const file of ["package.json", "README.md"])
      if (existsSync(path.join(KIT_DIR, file)))
        cpSync(path.join(KIT_DIR, file), path.join(KIT_STAGE, file))
    await run(
      process.execPath,
      [
        path.join(KIT_DIR, "scripts", "build.mjs"),
        path.join(KIT_STAGE, "dist"),
      ],
      { cwd: root, log }
    )
  }
  await run("npm", ["pack", "--pack-destination", packDir], {
    cwd: packFrom,
    log,
  })
  const [file] = readdirSync(packDir).filter((f) => f.endsWith(".tgz"))
  if (!file) throw new Error(`npm pack left no tarball in ${packDir}`)
  return path.join(packDir, file)
}

/** The app's sources into WORK_DIR, replacing what an earlier run copied (its output kept). */
function copySources(): void {
  mkdirSync(WORK_DIR, { recursive: true })
  for (const entry of readdirSync(WORK_DIR))
    if (!BUILD_OUTPUT.has(entry))
      rmSync(path.join(WORK_DIR, entry), { recursive: true, force: true })
  for (const entry of readdirSync(APP_DIR))
    if (!BUILD_OUTPUT.has(entry))
      cpSync(path.join(APP_DIR, entry), path.join(WORK_DIR, entry), {
        recursive: true,
      })
}

/**
 * The kit packed, the app's dependencies installed (its lockfile, then the kit's tarball), the
 * app built. Returns how long each step took, in seconds.
 */
export async function prepareStorefront(): Promise<Record<string, number>> {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const log = path.join(RESULTS_DIR, "storefront-build.log")
  writeFileSync(log, "")
  const took: Record<string, number> = {}
  const step = async <T>(name: string, work: () => Promise<T>) => {
    const t0 = Date.now()
    const result = await work()
    took[name] = Math.round((Date.now() - t0) / 100) / 10
    return result
  }
  const packDir = mkdtempSync(path.join(tmpdir(), "shipping-services-kit-"))
  try {
    const tarball = await step("kit pack", () => packKit(packDir, log))
    copySources()
    const lockSum = sha(readFileSync(path.join(APP_DIR, "package-lock.json")))
    const installed =
      existsSync(INSTALLED_STAMP) &&
      readFileSync(INSTALLED_STAMP, "utf8") === lockSum
    if (!installed)
      await step("app npm ci", () =>
        run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: WORK_DIR, log })
      )
    const buildSum = sha(
      lockSum,
      readFileSync(tarball),
      ...filesUnder(APP_DIR).map(
        (f) => `${path.relative(APP_DIR, f)}\0${readFileSync(f)}`
      )
    )
    if (
      installed &&
      existsSync(BUILT_STAMP) &&
      readFileSync(BUILT_STAMP, "utf8") === buildSum
    )
      return took

    // The tarball as a merchant installs it; --no-save keeps the app's package.json and lockfile.
    await step("kit install", () =>
      run("npm", ["install", "--no-save", "--no-audit", "--no-fund", tarball], {
        cwd: WORK_DIR,
        log,
      })
    )
    writeFileSync(INSTALLED_STAMP, lockSum)
    await step("next build", () =>
      run("npx", ["next", "build"], {
        cwd: WORK_DIR,
        log,
        // Without the backend's variables: Next.js would write their values into the build, and
        // the server reads them when it starts instead (each run has a backend of its own).
        env: {
          NEXT_TELEMETRY_DISABLED: "1",
          ...Object.fromEntries(BACKEND_VARIABLES.map((v) => [v, undefined])),
        },
      })
    )
    writeFileSync(BUILT_STAMP, buildSum)
    return took
  } finally {
    rmSync(packDir, { recursive: true, force: true })
  }
}

export type Status =
  | { state: "done"; took: Record<string, number>; seconds: number }
  | { state: "failed"; error: string }

const STATUS_ENV = "STOREFRONT_PREPARATION"

/**
 * `prepareStorefront` in a process of its own (harness/prepare-storefront.ts), for the browser
 * group's global setup: its status file is named in the environment the spec files inherit.
 * Returns a function that ends it if it still runs (global teardown).
 */
export function startPreparation(): () => void {
  mkdirSync(WORK, { recursive: true })
  const status = path.join(WORK, `prepared-${process.pid}.json`)
  rmSync(status, { force: true })
  const child = spawn(
    process.execPath,
    [
      path.join(root, "node_modules", "ts-node", "dist", "bin.js"),
      "--swc",
      path.join(__dirname, "prepare-storefront.ts"),
      status,
    ],
    { cwd: root, detached: true, stdio: "ignore" }
  )
  process.env[STATUS_ENV] = JSON.stringify({ status, pid: child.pid })
  return () => {
    try {
      if (child.exitCode === null && child.pid) process.kill(-child.pid)
    } catch {
      // already gone
    }
    rmSync(status, { force: true })
  }
}

/** The preparation's outcome, written once it ended (by the process startPreparation started). */
export function writeStatus(file: string, status: Status): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(status))
  renameSync(`${file}.tmp`, file)
}

/**
 * The storefront prepared: by the global setup's process when one was started (waited for),
 * else here (a spec file run without the group's global setup).
 */
export async function preparedStorefront(): Promise<string> {
  const started = process.env[STATUS_ENV]
  if (!started)
    return `prepared here: ${JSON.stringify(await prepareStorefront())}`
  const { status, pid } = JSON.parse(started) as { status: string; pid: number }
  const deadline = Date.now() + 600_000
  let outcome: Status | undefined
  while (!outcome) {
    if (existsSync(status)) {
      outcome = JSON.parse(readFileSync(status, "utf8")) as Status
      break
    }
    try {
      process.kill(pid, 0)
    } catch {
      throw new Error(
        `the storefront's preparation (pid ${pid}) ended without a word; see ${RESULTS_DIR}/storefront-build.log`
      )
    }
    if (Date.now() > deadline)
      throw new Error("the storefront's install and build took over 10 minutes")
    await new Promise((r) => setTimeout(r, 250))
  }
  if (outcome.state === "failed") throw new Error(outcome.error)
  return `prepared in ${outcome.seconds} s since the group started: ${JSON.stringify(outcome.took)}`
}

export type RunningStorefront = { url: string; stop(): Promise<void> }

/** `next start` of the built app against `backend`, with the store's publishable key. */
export async function startStorefront(input: {
  backend: string
  publishableKey: string
}): Promise<RunningStorefront> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const log = path.join(RESULTS_DIR, "storefront-start.log")
  const out = createWriteStream(log)
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(WORK_DIR, "node_modules", "next", "dist", "bin", "next"),
      "start",
      "-p",
      String(port),
      "-H",
      "localhost",
    ],
    {
      cwd: WORK_DIR,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_PUBLIC_MEDUSA_BACKEND_URL: input.backend,
        NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: input.publishableKey,
      },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    }
  )
  child.stdout?.pipe(out)
  child.stderr?.pipe(out)
  let exited: number | null | undefined
  child.on("exit", (code) => (exited = code))
  const stop = async () => {
    if (child.pid && exited === undefined) {
      try {
        process.kill(-child.pid, "SIGTERM")
      } catch {
        // already gone
      }
      await waitFor(
        async () => exited !== undefined,
        "next start to stop",
        10_000
      ).catch(() => {
        try {
          process.kill(-child.pid!, "SIGKILL")
        } catch {
          // already gone
        }
      })
    }
    out.end()
  }
  try {
    await waitFor(
      async () => {
        if (exited !== undefined)
          throw new Error(`next start exited (${exited}); see ${log}`)
        // Any answer: the server is up (the root has no page: 404).
        return (await fetch(url)).status > 0
      },
      "the storefront to answer",
      60_000,
      200
    )
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}
