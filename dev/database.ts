/**
 * PostgreSQL for the scripts around the plugin (demo, browser harness, benchmarks): the
 * DB_* variables that scripts/ensure-db.sh exports, throwaway databases, one-off queries.
 */
import { Client } from "pg"

export function pgConfig() {
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

export function databaseUrl(name: string): string {
  const c = pgConfig()
  const auth = c.password
    ? `${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}`
    : encodeURIComponent(c.user)
  return `postgres://${auth}@${c.host}:${c.port}/${name}`
}

/**
 * A client of one database, not yet connected. Named `dev-scripts` in pg_stat_activity, so the
 * benches tell their own queries from the app's (dev/sql-counter.js).
 */
export function pgClient(database: string): Client {
  return new Client({
    ...pgConfig(),
    database,
    application_name: "dev-scripts",
  })
}

async function onServer<T>(work: (c: Client) => Promise<T>): Promise<T> {
  const client = pgClient("postgres")
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, "")}"`

/** Drops (closing its connections) and creates a database. */
export async function freshDatabase(name: string): Promise<void> {
  await onServer(async (c) => {
    await c.query(`drop database if exists ${quoted(name)} with (force)`)
    await c.query(`create database ${quoted(name)}`)
  })
}

export async function dropDatabase(name: string): Promise<void> {
  await onServer((c) =>
    c.query(`drop database if exists ${quoted(name)} with (force)`)
  )
}

export async function sql<T = any>(
  database: string,
  text: string,
  values: unknown[] = []
): Promise<T[]> {
  const client = pgClient(database)
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}
