/**
 * A PostgreSQL server of one test's own: its own data directory (a temporary folder), its own
 * port and socket folder, started with `initdb` and `pg_ctl` from /usr/lib/postgresql/<n>/bin,
 * so a test may restart it or take it away without touching the machine's shared server.
 *
 *   const pg = await startPrivatePostgres({ logDir })
 *   pg.config            // { host: "localhost", port, user: "postgres", password: "" }
 *   await pg.restart()   // pg_ctl restart -m fast
 *   await pg.stop(); await pg.start()
 *   await pg.destroy()   // stopped (immediate) and its folder removed
 *
 * initdb and the server refuse to run as root: as root they run as the `postgres` user (the one
 * Debian's package creates), in a folder handed over to it.
 *
 * The folder is on the RAM disk (/dev/shm) when there is one with room: creating a database
 * from a template (what Medusa's test runner does before every test) creates ~7,000 files, and
 * on this machine's ext4 each new inode searches past the ones deleted in the last minutes
 * (`recently_deleted` in perf: 90 % of the time). After one http group on the machine's own
 * server a copy of the 18 MB migrated database took 0.8–1.1 s of kernel CPU; the same copy on
 * this server in /dev/shm takes 40–50 ms (dev/test-postgres.ts).
 */
import { execFileSync, spawnSync } from "node:child_process"
import {
  accessSync,
  chownSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs"
import { tmpdir, userInfo } from "node:os"
import path from "node:path"
import type { PgConfig } from "./database"
import { freePort } from "./net"

export type PrivatePostgres = {
  config: PgConfig
  dataDir: string
  logFile: string
  /** A fast restart (`pg_ctl restart -m fast`): every connection is dropped, the server is back at once. */
  restart(): Promise<void>
  /** `pg_ctl stop -m fast`: connections dropped, new ones refused until start(). */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops it (immediate) and removes its folder. */
  destroy(): Promise<void>
}

/** The newest PostgreSQL's bin folder (Debian keeps initdb and pg_ctl there, off the PATH). */
export function postgresBinDir(): string {
  const explicit = process.env.PG_BIN_DIR
  if (explicit) return explicit
  const base = "/usr/lib/postgresql"
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length) return path.join(base, versions[0]!, "bin")
  const which = spawnSync("bash", ["-c", "dirname $(command -v initdb)"], {
    encoding: "utf8",
  })
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim()
  throw new Error(
    "initdb was not found (install PostgreSQL, e.g. apt-get install postgresql, or set PG_BIN_DIR)"
  )
}

/** util-linux's runuser: in sbin, which a PATH without it (cron, some CI shells) does not reach. */
function runuser(): string {
  return (
    ["/usr/sbin/runuser", "/sbin/runuser"].find((p) => existsSync(p)) ??
    "runuser"
  )
}

/** Runs one of PostgreSQL's tools, as the postgres user when this process is root. */
function runTool(bin: string, tool: string, args: string[]): string {
  const cmd = path.join(bin, tool)
  const result =
    userInfo().uid === 0
      ? spawnSync(runuser(), ["-u", "postgres", "--", cmd, ...args], {
          encoding: "utf8",
        })
      : spawnSync(cmd, args, { encoding: "utf8" })
  if (result.status !== 0)
    throw new Error(
      `${tool} ${args.join(" ")} failed (${result.error ? String(result.error) : result.status}):\n${result.stdout}\n${result.stderr}`
    )
  return result.stdout
}

/**
 * Stops the server of a folder startPrivatePostgres made (from any process: `pg_ctl stop -m
 * immediate`, nothing to keep), copies its log into `logDir` when given, and removes the folder.
 */
export function removePrivatePostgres(dataDir: string, logDir?: string): void {
  try {
    runTool(postgresBinDir(), "pg_ctl", [
      "-D",
      path.join(dataDir, "data"),
      "stop",
      "-m",
      "immediate",
      "-w",
      "-t",
      "30",
    ])
  } catch {
    // not running
  }
  if (logDir)
    try {
      mkdirSync(logDir, { recursive: true })
      copyFileSync(
        path.join(dataDir, "postgres.log"),
        path.join(logDir, "postgres.log")
      )
    } catch {
      // no log yet
    }
  rmSync(dataDir, { recursive: true, force: true })
}

/** The RAM disk when it is there, writable and has room (1 GB free), else the OS's temp folder. */
export function fastTempDir(): string {
  const shm = "/dev/shm"
  try {
    const fs = statfsSync(shm)
    if (fs.bavail * fs.bsize >= 1024 ** 3) {
      accessSync(shm, constants.W_OK)
      return shm
    }
  } catch {
    // no RAM disk here
  }
  return tmpdir()
}

export async function startPrivatePostgres(options: {
  logDir: string
  /** Leave it running when this process exits (to look at the data afterwards). */
  keepRunning?: boolean
  /** Where its folder goes (default: fastTempDir()). */
  parentDir?: string
  /** Its folder's name starts with this (default "mss-pg-"). */
  prefix?: string
  /**
   * A process to record as its owner (`owner` in its folder), written as the folder is made:
   * another run's sweep (dev/test-postgres.ts) must see it while the server is still starting.
   */
  owner?: number
}): Promise<PrivatePostgres> {
  const bin = postgresBinDir()
  const root = userInfo().uid === 0
  const dataDir = mkdtempSync(
    path.join(options.parentDir ?? fastTempDir(), options.prefix ?? "mss-pg-")
  )
  if (options.owner)
    writeFileSync(path.join(dataDir, "owner"), `${options.owner}\n`)
  const socketDir = path.join(dataDir, "socket")
  // In its own folder (the postgres user may not reach the test's); copied out at destroy().
  const logFile = path.join(dataDir, "postgres.log")
  const port = await freePort()
  if (root) {
    const uid = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })
    const gid = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })
    chownSync(dataDir, Number(uid.trim()), Number(gid.trim()))
  }
  const run = (tool: string, args: string[]) => runTool(bin, tool, args)
  mkdirSync(socketDir)
  if (root) execFileSync("chown", ["postgres:postgres", socketDir])
  const pgdata = path.join(dataDir, "data")
  run("initdb", [
    "-D",
    pgdata,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
  ])
  // Fast and small: a throwaway server (no fsync), enough connections for a server, two workers
  // and the test (Medusa's pools hold up to 10 each).
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${socketDir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ")
  const ctl = (args: string[]) =>
    run("pg_ctl", ["-D", pgdata, "-l", logFile, "-o", serverOptions, ...args])

  const pg: PrivatePostgres = {
    config: { host: "localhost", port, user: "postgres", password: "" },
    dataDir,
    logFile,
    async restart() {
      ctl(["restart", "-m", "fast", "-w", "-t", "60"])
    },
    async stop() {
      ctl(["stop", "-m", "fast", "-w", "-t", "60"])
    },
    async start() {
      ctl(["start", "-w", "-t", "60"])
    },
    async destroy() {
      removePrivatePostgres(dataDir, options.logDir)
    },
  }
  await pg.start()
  // Killed rather than ending (Ctrl+C, a jest timeout): the server would outlive the test.
  process.once("exit", () => {
    if (options.keepRunning) return
    try {
      ctl(["stop", "-m", "immediate"])
    } catch {
      // already stopped
    }
  })
  return pg
}
