import { createHash } from "node:crypto"
import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"
import {
  databaseUrl,
  dropDatabase,
  freshDatabase,
  pgClient,
  sql,
} from "./database"
import { runMedusa } from "./medusa-cli"
import { medusaCan } from "../src/lib/medusa-release"

/**
 * A database migrated the way Medusa's test runner migrates one, for test apps to copy
 * (`databaseFromTemplate`: a file copy in well under a second, where migrating takes ~12 s):
 * every module's migrations and the safe links, no migration scripts (the plugin's would
 * register a webhook with whatever service `env` names, and each copy's app registers with its
 * own at start).
 */
export async function migratedTemplate(
  name: string,
  env: NodeJS.ProcessEnv
): Promise<string> {
  await freshDatabase(name)
  await runMedusa(
    [
      "db:migrate",
      "--skip-scripts",
      "--execute-safe-links",
      ...(medusaCan("migrateSkipsSearch") ? ["--skip-search"] : []),
    ],
    { ...env, DATABASE_URL: databaseUrl(name) }
  )
  return name
}

const root = path.resolve(__dirname, "..")

/** What the schema depends on: the dependencies, the app's config, the plugin's migrations and links. */
function fingerprint(): string {
  const hash = createHash("sha1")
  for (const file of ["package-lock.json", "medusa-config.ts"])
    hash.update(readFileSync(path.join(root, file)))
  const modules = path.join(root, "src", "modules")
  for (const dir of [
    ...readdirSync(modules).map((m) => path.join(modules, m, "migrations")),
    path.join(root, "src", "links"),
  ]) {
    for (const f of listing(dir))
      hash.update(f).update(readFileSync(path.join(dir, f)))
  }
  return hash.digest("hex").slice(0, 12)
}

function listing(dir: string): string[] {
  try {
    return readdirSync(dir).sort()
  } catch {
    return []
  }
}

/**
 * A template's name on this run's server: kept by every jest run of `npm test` on the tests' own
 * PostgreSQL (removed with it), else this process's.
 */
export function keptTemplateName(prefix: string): string {
  const own = process.env.TEST_PG_DIR ? "" : `_${process.pid}`
  return `${prefix}${fingerprint()}${own}`
}

/**
 * The template `prefix` names, made by `make` (into a database of its own, renamed when done)
 * when missing. Under a lock on the server: jest runs that start together make it once.
 */
export async function keptTemplate(
  prefix: string,
  make: (building: string) => Promise<void>
): Promise<string> {
  const name = keptTemplateName(prefix)
  const lock = pgClient("postgres")
  await lock.connect()
  try {
    await lock.query("select pg_advisory_lock(hashtext($1))", [name])
    const exists = await lock.query(
      "select 1 from pg_database where datname = $1",
      [name]
    )
    if (exists.rowCount) return name
    const building = `${name}_build`
    try {
      await make(building)
      await sql("postgres", `alter database "${building}" rename to "${name}"`)
    } catch (error) {
      await dropDatabase(building).catch(() => undefined)
      throw error
    }
    return name
  } finally {
    await lock.end().catch(() => undefined)
  }
}

/** A group's teardown: the template, when the server outlives the run. */
export async function dropKeptTemplate(prefix: string): Promise<void> {
  if (!process.env.TEST_PG_DIR) await dropDatabase(keptTemplateName(prefix))
}

const APP_TEMPLATE = "medusa_ss_app_"

/**
 * The one-process app's migrated database (Medusa's local event bus and in-memory workflow
 * engine), for the HTTP group's jest runs and the browser group: migrated once per `npm test`.
 */
export const appTemplate = (env: NodeJS.ProcessEnv) =>
  keptTemplate(APP_TEMPLATE, async (building) => {
    await migratedTemplate(building, env)
  })

export const dropAppTemplate = () => dropKeptTemplate(APP_TEMPLATE)
