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
 * The test storefront (integration-tests/storefront-app): a Next.js App Router app shaped like
 * Medusa's Next.js starter, with the storefront kit installed as a merchant installs it, from
 * the packed tarball. Its own package (Next 15 wants React 19; the repository's workspace keeps
 * React 18 for the admin), installed here with `npm ci` from its own package-lock.json.
 *
 * `prepareStorefront` installs and builds it (`next build` once; `next start` serves the build:
 * measured faster overall than `next dev` compiling each page on first request); `startStorefront`
 * serves it against a running backend. Both skip what is up to date: the dependencies when the
 * lockfile is the one installed, the build when the app's sources and the kit's tarball are the
 * ones built (a clean clone, as CI has, does both).
 *
 * The kit is built and packed, and the app installed and built, in copies under a dot folder
 * (WORK): `medusa develop` (the backend of these tests, run from the repository root) restarts
 * its server on any file written under the project but dot folders and the root's node_modules,
 * and would watch the app's own node_modules (hundreds of megabytes) file by file.
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

/** Runs a command to its end, its output in `log`; rejects with the output's tail. */
function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; log: string; env?: NodeJS.ProcessEnv }
): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(opts.log, { flags: "a" })
    let tail = ""
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
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

/** Every file of the app's sources and settings, for the build's stamp. */
function appSources(dir = APP_DIR): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir)) {
    if (BUILD_OUTPUT.has(entry) || entry === "package-lock.json") continue
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) out.push(...appSources(full))
    else out.push(full)
  }
  return out.sort()
}

/**
 * The kit built and packed, the app's dependencies installed (its lockfile, then the tarball),
 * the app built. Returns how long each step took, for the test's log.
 */
export async function prepareStorefront(): Promise<Record<string, number>> {
  const log = path.join(RESULTS_DIR, "storefront-build.log")
  writeFileSync(log, "")
  const took: Record<string, number> = {}
  const step = async (name: string, work: () => Promise<void>) => {
    const t0 = Date.now()
    await work()
    took[name] = Math.round((Date.now() - t0) / 100) / 10
  }

  // The kit as npm publishes it: built (its own tsconfig), then packed (its package.json
  // "files"), in a copy of the package, not in packages/storefront/dist (watched by medusa develop).
  const packDir = mkdtempSync(path.join(tmpdir(), "shipping-services-kit-"))
  let tarball = ""
  await step("kit build and pack", async () => {
    rmSync(KIT_STAGE, { recursive: true, force: true })
    mkdirSync(KIT_STAGE, { recursive: true })
    for (const file of ["package.json", "README.md"])
      if (existsSync(path.join(KIT_DIR, file)))
        cpSync(path.join(KIT_DIR, file), path.join(KIT_STAGE, file))
    await run(
      process.execPath,
      [
        require.resolve("typescript/bin/tsc"),
        "-p",
        path.join(KIT_DIR, "tsconfig.json"),
        "--outDir",
        path.join(KIT_STAGE, "dist"),
      ],
      { cwd: root, log }
    )
    await run("npm", ["pack", "--pack-destination", packDir], {
      cwd: KIT_STAGE,
      log,
    })
    const [file] = readdirSync(packDir).filter((f) => f.endsWith(".tgz"))
    if (!file) throw new Error(`npm pack left no tarball in ${packDir}`)
    tarball = path.join(packDir, file)
  })

  try {
    copySources()
    const lock = readFileSync(path.join(APP_DIR, "package-lock.json"))
    const lockSum = sha(lock)
    const installed =
      existsSync(INSTALLED_STAMP) &&
      readFileSync(INSTALLED_STAMP, "utf8") === lockSum
    if (!installed)
      await step("app npm ci", () =>
        run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: WORK_DIR, log })
      )

    const kit = readFileSync(tarball)
    const buildSum = sha(
      lockSum,
      kit,
      ...appSources().map(
        (f) => `${path.relative(APP_DIR, f)}\0${readFileSync(f)}`
      )
    )
    const built =
      installed &&
      existsSync(BUILT_STAMP) &&
      readFileSync(BUILT_STAMP, "utf8") === buildSum
    if (built) return took

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
        env: { NEXT_TELEMETRY_DISABLED: "1" },
      })
    )
    writeFileSync(BUILT_STAMP, buildSum)
    return took
  } finally {
    rmSync(packDir, { recursive: true, force: true })
  }
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
        MEDUSA_BACKEND_URL: input.backend,
        MEDUSA_PUBLISHABLE_KEY: input.publishableKey,
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
