/** Helpers shared by the benchmark scripts: the app and the sandbox in child processes (databases: dev/database.ts). */
import { spawn, type ChildProcess } from "node:child_process"
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

/** `medusa develop` without the admin, in its own process group (so it can be stopped whole). */
export function startApp(env: NodeJS.ProcessEnv): {
  child: ChildProcess
  stop: () => void
} {
  const child = spawn(
    process.execPath,
    [require.resolve("@medusajs/cli/cli.js"), "develop"],
    {
      cwd: root,
      env: { ...env, MEDUSA_ADMIN_DISABLE: "true" },
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
    }
  )
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL")
    } catch {
      // gone
    }
  }
  process.on("exit", stop)
  return { child, stop }
}

export async function waitForHttp(url: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not answer`)
}

export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024)
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
