/**
 * PostgreSQL for the scripts around the plugin (demo, browser harness, benchmarks): the
 * DB_* variables that scripts/ensure-db.sh exports, throwaway databases, one-off queries. Each
 * function takes another server's settings as its last argument (a test's private server,
 * dev/private-postgres.ts); without it, the machine's.
 */
import { Client } from "pg"

export type PgConfig = {
  host: string
  port: number
  user: string
  password: string
}

export function pgConfig(): PgConfig {
  const {
    DB_HOST = "localhost",
    DB_PORT = "5432",
    DB_USERNAME = "postgres",
    DB_PASSWORD = "",
  } = process.env
  return {
    host: DB_HOST,
    port: Number(DB_PORT),
    user: DB_USERNAME,
    password: DB_PASSWORD,
  }
}

export function databaseUrl(name: string, config = pgConfig()): string {
  const c = config
  const auth = c.password
    ? `${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}`
    : encodeURIComponent(c.user)
  return `postgres://${auth}@${c.host}:${c.port}/${name}`
}

/**
 * A client of one database, not yet connected. Named `dev-scripts` in pg_stat_activity, so the
 * benches tell their own queries from the app's (dev/sql-counter.js).
 */
export function pgClient(database: string, config = pgConfig()): Client {
  return new Client({ ...config, database, application_name: "dev-scripts" })
}

async function onServer<T>(
  work: (c: Client) => Promise<T>,
  config: PgConfig
): Promise<T> {
  const client = pgClient("postgres", config)
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, "")}"`

/** Drops (closing its connections) and creates a database. */
export async function freshDatabase(
  name: string,
  config = pgConfig()
): Promise<void> {
  await onServer(async (c) => {
    await c.query(`drop database if exists ${quoted(name)} with (force)`)
    await c.query(`create database ${quoted(name)}`)
  }, config)
}

/**
 * Drops `name` and creates it again as a copy of `template` (PostgreSQL's CREATE DATABASE …
 * TEMPLATE, a file copy: a migrated schema in well under a second, where migrating takes ~9 s).
 * The template must have no open connection; a copy still starting elsewhere is waited out.
 */
export async function databaseFromTemplate(
  name: string,
  template: string,
  config = pgConfig()
): Promise<void> {
  await onServer(async (c) => {
    await c.query(`drop database if exists ${quoted(name)} with (force)`)
    for (let attempt = 1; ; attempt++) {
      try {
        await c.query(
          `create database ${quoted(name)} template ${quoted(template)}`
        )
        return
      } catch (error) {
        const busy = /being accessed by other users/.test(String(error))
        if (!busy || attempt === 20) throw error
        await new Promise((r) => setTimeout(r, 100 * attempt))
      }
    }
  }, config)
}

export async function dropDatabase(
  name: string,
  config = pgConfig()
): Promise<void> {
  await onServer(
    (c) => c.query(`drop database if exists ${quoted(name)} with (force)`),
    config
  )
}

export async function sql<T = any>(
  database: string,
  text: string,
  values: unknown[] = [],
  config = pgConfig()
): Promise<T[]> {
  const client = pgClient(database, config)
  // A server that restarts under the query fails it; the error event must not crash the caller.
  client.on("error", () => undefined)
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end().catch(() => undefined)
  }
}
