/** Helpers shared by the benchmark scripts: the app booted in this process, the sandbox in a child process (databases: dev/database.ts). */
import path from "node:path"
import express from "express"
import type { MedusaContainer } from "@medusajs/framework/types"
import { databaseUrl, freshDatabase } from "../dev/database"
import { runMedusa } from "../dev/medusa-cli"
import { fetchApi, type Api } from "../dev/seed/api"
import {
  startSandboxProcess,
  type SandboxProcess,
} from "../dev/sandbox-process"
import { adminHeaders } from "../integration-tests/helpers/admin"

export const root = path.resolve(__dirname, "..")

/**
 * Runs a medusa command without blocking this process (an in-process sandbox keeps answering):
 * dev/medusa-cli.ts's runMedusa, its output dropped, with room for a slow migration.
 */
export async function medusa(
  args: string[],
  env: NodeJS.ProcessEnv
): Promise<void> {
  await runMedusa(args, env, 600_000)
}

// The sandbox in its own process lives in dev/ (the cluster harness starts it too).
export {
  startSandboxProcess,
  type SandboxProcess,
} from "../dev/sandbox-process"

/** The app of a bench booted in this process, with its sandbox and an admin's login. */
export type BenchApp = {
  sandbox: SandboxProcess
  container: MedusaContainer
  api: Api
  admin: { headers: Record<string, string> }
  close: () => Promise<void>
}

/**
 * The app in this process (Medusa's own loaders, as `medusa start` does) on a fresh, migrated
 * database, the sandbox in its own process as the real service would be: where the benches that
 * put the plugin beside Medusa's manual provider start. `env` goes on this process's environment
 * before the migration, as the app reads its options from there.
 */
export async function appInThisProcess(opts: {
  db: string
  port: number
  env?: NodeJS.ProcessEnv
}): Promise<BenchApp> {
  const sandbox = await startSandboxProcess()
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(opts.db),
    PORT: String(opts.port),
    LOG_LEVEL: "error",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: "true",
    SHIPPING_SERVICES_BASE_URL: sandbox.baseUrl,
    SHIPPING_SERVICES_PUBLIC_URL: `http://localhost:${opts.port}`,
    ...opts.env,
  })
  console.log(`database ${opts.db}: creating and migrating`)
  await freshDatabase(opts.db)
  await medusa(["db:migrate"], process.env)
  const app = express()
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- Medusa's loaders have no typed entry; required after the database exists
  const loaders = require("@medusajs/medusa/loaders/index").default
  const { container, shutdown } = (await loaders({
    directory: root,
    expressApp: app,
  })) as { container: MedusaContainer; shutdown: () => Promise<void> }
  const server = app.listen(opts.port)
  return {
    sandbox,
    container,
    api: fetchApi(`http://localhost:${opts.port}`),
    admin: await adminHeaders(container),
    close: async () => {
      server.close()
      await shutdown()
      await sandbox.stop()
    },
  }
}
