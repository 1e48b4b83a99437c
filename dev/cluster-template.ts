/**
 * The cluster tests' migrated database with an admin user, for prepareCluster's `template`: each
 * file copies it (a file copy, well under a second) instead of `medusa db:migrate` and `medusa
 * user`, two Medusa boots (~10 CPU-s). Made once per server and kept while the tests' own
 * PostgreSQL lives (`npm test` runs the cluster group in two jest runs on one server); on
 * another server it is this process's, dropped by the group's teardown.
 */
import { createHash } from "node:crypto"
import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"
import { databaseUrl, dropDatabase, sql } from "./database"
import { runMedusa } from "./medusa-cli"
import { migratedTemplate } from "./migrated-template"
import { deleteKeys } from "./redis"
import { startSandboxProcess } from "./sandbox-process"

export const TEMPLATE_ADMIN = {
  email: "cluster@example.com",
  password: "cluster-password",
}

export const sameAdmin = (
  a: { email: string; password: string },
  b: { email: string; password: string }
) => a.email === b.email && a.password === b.password

const root = path.resolve(__dirname, "..")
const PREFIX = "medusa_ss_template_"

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
    const files = listing(dir)
    for (const f of files)
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

/** The template's name on this run's server: per process unless the server is the tests' own. */
export function templateName(): string {
  const own = process.env.TEST_PG_DIR ? "" : `_${process.pid}`
  return `${PREFIX}${fingerprint()}${own}`
}

let made: Promise<string> | undefined

/**
 * The template's name, made when missing. `env` is the cluster's (Redis, plugin options); the
 * template's boots use a sandbox and a Redis prefix of their own, so that nothing they register
 * (the tracking webhook, scheduled jobs) reaches the cluster's.
 */
export function clusterTemplate(env: NodeJS.ProcessEnv): Promise<string> {
  made ??= make(env).catch((error) => {
    made = undefined
    throw error
  })
  return made
}

async function make(env: NodeJS.ProcessEnv): Promise<string> {
  const name = templateName()
  const exists = await sql(
    "postgres",
    "select 1 from pg_database where datname = $1",
    [name]
  )
  if (exists.length) return name
  const building = `${name}_build`
  const sandbox = await startSandboxProcess()
  const prefix = `${env.DEV_REDIS_PREFIX ?? "mss"}_template`
  try {
    const templateEnv = {
      ...env,
      SHIPPING_SERVICES_BASE_URL: sandbox.baseUrl,
      DEV_REDIS_PREFIX: prefix,
      LOG_LEVEL: "error",
    }
    await migratedTemplate(building, templateEnv)
    await runMedusa(
      ["user", "-e", TEMPLATE_ADMIN.email, "-p", TEMPLATE_ADMIN.password],
      { ...templateEnv, DATABASE_URL: databaseUrl(building) }
    )
    // `medusa user` booted the app, which registered the webhook with this throwaway sandbox:
    // each copy's first server registers with its cluster's, as a merchant's first start does.
    await sql(building, "delete from shipping_services_webhook_registration")
    await sql("postgres", `alter database "${building}" rename to "${name}"`)
  } catch (error) {
    await dropDatabase(building).catch(() => undefined)
    throw error
  } finally {
    sandbox.stop()
    if (env.DEV_REDIS_URL)
      await deleteKeys(env.DEV_REDIS_URL, prefix).catch(() => undefined)
  }
  return name
}

/** The group's teardown: this process's template, when the server outlives the run. */
export async function dropClusterTemplate(): Promise<void> {
  if (!process.env.TEST_PG_DIR) await dropDatabase(templateName())
}
