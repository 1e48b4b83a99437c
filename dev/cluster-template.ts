/**
 * The cluster tests' migrated database with an admin user, for prepareCluster's `template`: each
 * file copies it (a file copy, well under a second) instead of `medusa db:migrate` and `medusa
 * user`, two Medusa boots (~10 CPU-s). Made once per server and kept while the tests' own
 * PostgreSQL lives (`npm test` runs the cluster group in two jest runs on one server); on
 * another server it is this process's, dropped by the group's teardown.
 */
import { databaseUrl, sql } from "./database"
import { runMedusa } from "./medusa-cli"
import {
  dropKeptTemplate,
  keptTemplate,
  migratedTemplate,
} from "./migrated-template"
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

const PREFIX = "medusa_ss_template_"

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

function make(env: NodeJS.ProcessEnv): Promise<string> {
  return keptTemplate(PREFIX, async (building) => {
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
    } finally {
      sandbox.stop()
      if (env.DEV_REDIS_URL)
        await deleteKeys(env.DEV_REDIS_URL, prefix).catch(() => undefined)
    }
  })
}

/** The group's teardown: this process's template, when the server outlives the run. */
export const dropClusterTemplate = () => dropKeptTemplate(PREFIX)
