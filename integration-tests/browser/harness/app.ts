import { spawn, type ChildProcess } from "node:child_process"
import { createWriteStream, mkdirSync } from "node:fs"
import path from "node:path"
import type { Client } from "pg"
import {
  databaseFromTemplate,
  databaseUrl,
  dropDatabase,
  freshDatabase,
  pgClient,
  sql,
} from "../../../dev/database"
import { runMedusa } from "../../../dev/medusa-cli"
import { waitFor } from "../../../dev/wait"
import { startSandbox, type SandboxHandle } from "../../../packages/sandbox/src"
import { freePort } from "../../global-setup"

/**
 * The development app as a merchant runs it, admin included: a database of its own (a copy of
 * the group's migrated template with the admin user, or created and migrated here), the sandbox
 * as the shipping service, and `medusa develop` in a process group of its own (its server child
 * outlives a plain kill: shared/notes/tooling-pitfalls.md 10).
 * medusaIntegrationTestRunner cannot be used: it never serves the admin.
 */

const root = path.resolve(__dirname, "../../..")
// A dot folder: `medusa develop` restarts on any other file written under the project, and
// this run writes its log, screenshots and downloads while the app serves it.
export const RESULTS_DIR = path.join(root, ".test-results", "browser")
export const ADMIN = { email: "admin@example.com", password: "supersecret" }

export type RunningApp = {
  backend: string
  sandbox: SandboxHandle
  db: { name: string; client: () => Promise<Client> }
  log: string
  stop(): Promise<void>
}

/**
 * `env`: changes to the app's environment, given the one the harness made (sandbox URLs
 * included); `logName`: the app's log file in RESULTS_DIR; `admin: false` serves no admin (a
 * storefront's tests: no Vite to start and pre-bundle).
 */
export async function startApp(
  opts: {
    env?: (base: NodeJS.ProcessEnv) => NodeJS.ProcessEnv
    logName?: string
    admin?: boolean
  } = {}
): Promise<RunningApp> {
  const admin = opts.admin ?? true
  mkdirSync(RESULTS_DIR, { recursive: true })
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1", speed: 0 })
  const port = await freePort()
  const backend = `http://localhost:${port}`
  const name = `medusa_shipping_services_browser_${process.pid}`
  const template = process.env.BROWSER_DB_TEMPLATE
  if (template) await databaseFromTemplate(name, template)
  else await freshDatabase(name)
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(name),
    PORT: String(port),
    NODE_ENV: "development",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: admin ? "false" : "true",
    ADMIN_CORS: backend,
    AUTH_CORS: backend,
    SHIPPING_SERVICES_BASE_URL: sandbox.roots.baseUrl,
    SHIPPING_SERVICES_PUBLIC_URL: backend,
    // Info: the log then says when `medusa develop` restarts its server and for which file (its
    // watcher). One CI run (e1fd2d9) lost admin.spec's app to a restart (ECONNRESET, Vite's
    // "The service was stopped") that a warn-level log could not explain.
    LOG_LEVEL: process.env.BROWSER_APP_LOG_LEVEL ?? "info",
  }
  const env = opts.env ? opts.env(base) : base
  // The group's template (browser/global-setup.ts) is migrated and has the admin; the app
  // registers the tracking webhook with this sandbox when it starts. Without one (a file run by
  // other means), as a merchant does: migrating registers the webhook (the plugin's migration
  // script), then the admin user.
  if (!template) {
    await runMedusa(["db:migrate"], env)
    await runMedusa(["user", "-e", ADMIN.email, "-p", ADMIN.password], env)
  }

  const log = path.join(RESULTS_DIR, opts.logName ?? "medusa-develop.log")
  const out = createWriteStream(log)
  const app: ChildProcess = spawn(
    process.execPath,
    [require.resolve("@medusajs/cli/cli.js"), "develop"],
    { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] }
  )
  app.stdout?.pipe(out)
  app.stderr?.pipe(out)
  let exited: number | null | undefined
  app.on("exit", (code) => (exited = code))

  const stop = async () => {
    if (app.pid && exited === undefined) {
      try {
        process.kill(-app.pid, "SIGTERM")
      } catch {
        // already gone
      }
      const gone = await waitFor(
        async () => exited !== undefined,
        "medusa develop to stop",
        10_000
      ).catch(() => false)
      if (!gone) {
        try {
          process.kill(-app.pid, "SIGKILL")
        } catch {
          // already gone
        }
      }
    }
    out.end()
    await sandbox.close().catch(() => undefined)
    await dropDatabase(name).catch(() => undefined)
  }

  try {
    await waitFor(
      async () => {
        if (exited !== undefined)
          throw new Error(`medusa develop exited (${exited}); see ${log}`)
        return (await fetch(`${backend}/health`)).ok
      },
      "the app's /health",
      90_000
    )
    // A copy of the template: the webhook is registered by the app's start (not awaited by it).
    if (template)
      await waitFor(
        async () =>
          (
            await sql<{ status: string }>(
              name,
              "select status from shipping_services_webhook_registration where deleted_at is null"
            )
          ).some((r) => r.status === "active"),
        "the app's webhook registration",
        60_000
      )
    // The admin is served by vite in development: the first page load pre-bundles it.
    if (admin)
      await waitFor(
        async () => (await fetch(`${backend}/app`)).ok,
        "the admin at /app",
        90_000
      )
  } catch (error) {
    await stop()
    throw error
  }

  return {
    backend,
    sandbox,
    db: {
      name,
      client: async () => {
        const c = pgClient(name)
        await c.connect()
        return c
      },
    },
    log,
    stop,
  }
}
