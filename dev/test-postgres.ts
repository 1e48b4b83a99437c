/**
 * The tests' PostgreSQL: a server of their own (dev/private-postgres.ts: on the RAM disk, no
 * fsync), started for one `npm test` or one group and removed after it.
 *
 *   eval "$(npx ts-node --swc dev/test-postgres.ts start <owner pid>)"   # exports DB_HOST, DB_PORT, TEST_PG_DIR
 *   npx ts-node --swc dev/test-postgres.ts stop "$TEST_PG_DIR" [log folder]
 *
 * Why: Medusa's runner copies a database before every test (CREATE DATABASE … TEMPLATE), which
 * creates ~7,000 files. On the machine's server (ext4) a copy took 0.8–1.1 s of kernel CPU once
 * one http group had run (inode allocation skipping the files deleted in the last minutes), 150
 * CPU-seconds of the group's ~550; on this one, 40–50 ms.
 *
 * A folder whose owner (the shell that started it) is gone, killed before it could stop it, is
 * stopped and removed by the next start.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import {
  fastTempDir,
  removePrivatePostgres,
  startPrivatePostgres,
} from "./private-postgres"

const PREFIX = "mss-test-pg-"

/** Whether the process runs (a zombie, killed and not yet reaped, does not). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z"
  } catch {
    return true // no /proc: kill's answer stands
  }
}

/**
 * Removes the servers (folders) in `parent` whose owners are gone. A folder without an owner yet
 * (made this very moment, its owner file not written) is left alone for a minute.
 */
export function sweep(parent: string, now = Date.now()): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(PREFIX)) continue
    const dir = path.join(parent, name)
    const owner = Number(readOwner(dir))
    if (owner ? alive(owner) : now - statSync(dir).mtimeMs < 60_000) continue
    console.error(`[db] removing a test PostgreSQL left behind: ${dir}`)
    removePrivatePostgres(dir)
  }
}

function readOwner(dir: string): string {
  try {
    return readFileSync(path.join(dir, "owner"), "utf8").trim()
  } catch {
    return ""
  }
}

async function start(owner: number): Promise<void> {
  const parent = fastTempDir()
  sweep(parent)
  const pg = await startPrivatePostgres({
    logDir: parent,
    keepRunning: true,
    parentDir: parent,
    prefix: PREFIX,
    owner,
  })
  console.error(
    `[db] the tests' own PostgreSQL: localhost:${pg.config.port}, in ${pg.dataDir}`
  )
  // For the shell to eval: the tests and every tool they start read these (dev/database.ts).
  console.log(
    `export DB_HOST=localhost DB_PORT=${pg.config.port} DB_USERNAME=postgres DB_PASSWORD= TEST_PG_DIR=${pg.dataDir}`
  )
}

function stop(dir: string, logDir?: string): void {
  if (!path.basename(dir).startsWith(PREFIX))
    throw new Error(`${dir} is not a test PostgreSQL's folder`)
  removePrivatePostgres(dir, logDir)
}

async function main(argv: string[]): Promise<void> {
  const [command, arg, logDir] = argv
  if (command === "start" && Number(arg) > 0) return start(Number(arg))
  if (command === "stop" && arg) return stop(arg, logDir)
  throw new Error(
    "usage: test-postgres.ts start <owner pid> | stop <folder> [log folder]"
  )
}

if (require.main === module)
  main(process.argv.slice(2)).catch((error) => {
    console.error(`[db] ${(error as Error).message}`)
    process.exit(1)
  })
