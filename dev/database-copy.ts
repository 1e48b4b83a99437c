/**
 * A database copied from one PostgreSQL server to another (`pg_dump -Fc` piped into
 * `pg_restore`), for a test on a server of its own (dev/private-postgres.ts) that starts from the
 * migrated template made on the tests' server: about a second where migrating takes two Medusa
 * boots.
 */
import { spawn } from "node:child_process"
import path from "node:path"
import { freshDatabase, type PgConfig } from "./database"
import { postgresBinDir } from "./private-postgres"

const connection = (c: PgConfig) => [
  "-h",
  c.host,
  "-p",
  String(c.port),
  "-U",
  c.user,
]

/** Makes `name` on `to` (dropped first when there) a copy of `source` on `from`. */
export async function copyDatabaseAcross(
  source: string,
  from: PgConfig,
  name: string,
  to: PgConfig
): Promise<void> {
  await freshDatabase(name, to)
  const bin = postgresBinDir()
  const env = (c: PgConfig) => ({ ...process.env, PGPASSWORD: c.password })
  const dump = spawn(
    path.join(bin, "pg_dump"),
    [...connection(from), "-Fc", "-Z0", "-d", source],
    { env: env(from), stdio: ["ignore", "pipe", "pipe"] }
  )
  const restore = spawn(
    path.join(bin, "pg_restore"),
    [...connection(to), "--no-owner", "--exit-on-error", "-d", name],
    { env: env(to), stdio: ["pipe", "ignore", "pipe"] }
  )
  dump.stdout.pipe(restore.stdin)
  const ended = (p: ReturnType<typeof spawn>, what: string) => {
    let stderr = ""
    p.stderr!.on("data", (d) => (stderr += d))
    return new Promise<void>((resolve, reject) =>
      p.on("close", (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`${what} ended with ${code}: ${stderr}`))
      )
    )
  }
  await Promise.all([
    ended(dump, `pg_dump of ${source}`),
    ended(restore, `pg_restore into ${name}`),
  ])
}
