import { startSandbox, type SandboxHandle } from "../packages/sandbox/src"
import { freePort } from "../dev/net"
import { appTemplate } from "../dev/migrated-template"

export { freePort }

type JestConfig = { maxWorkers?: number }

/**
 * Runs once before the http group. Each jest worker gets its own sandbox server (the shipping
 * service of these tests) and its own app port, so the spec files run side by side without
 * sharing the service's state (clock, registered webhooks, labels) or a port. The app's port is
 * fixed here because the plugin's webhook url, read from medusa-config at boot, has to name it.
 * integration-tests/setup.js hands a worker its slot (by JEST_WORKER_ID) before a spec loads.
 * Tests drive the sandbox through its control API at SANDBOX_URL.
 *
 * Every spec file's database is a copy of one migrated database (the app's template, made by
 * the first jest run of `npm test` that needs it): Medusa's runner would otherwise run all
 * modules' migrations and the link sync for each file.
 */
export default async function globalSetup(globalConfig: JestConfig = {}) {
  process.env.MEDUSA_DISABLE_TELEMETRY = "true"
  process.env.DB_HOST ??= "localhost"
  process.env.MEDUSA_ADMIN_DISABLE = "true"
  process.env.LOG_LEVEL ??= "error"
  const workers = Math.max(1, globalConfig.maxWorkers ?? 1)
  const sandboxes: SandboxHandle[] = []
  for (let id = 1; id <= workers; id++) {
    const port = String(await freePort())
    const sandbox = await startSandbox({ port: 0, host: "127.0.0.1", speed: 0 })
    sandboxes.push(sandbox)
    process.env[`HTTP_TEST_SLOT_${id}`] = JSON.stringify({
      PORT: port,
      SHIPPING_SERVICES_PUBLIC_URL: `http://localhost:${port}`,
      SANDBOX_URL: sandbox.url,
      SHIPPING_SERVICES_BASE_URL: sandbox.roots.baseUrl,
    })
  }
  ;(
    globalThis as { __SHIPPING_SANDBOXES__?: SandboxHandle[] }
  ).__SHIPPING_SANDBOXES__ = sandboxes
  process.env.HTTP_TEST_DB_TEMPLATE = await appTemplate({
    ...process.env,
    ...JSON.parse(process.env.HTTP_TEST_SLOT_1!),
    NODE_ENV: "test",
  })
}
