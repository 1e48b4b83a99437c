import { startSandbox, type SandboxHandle } from "../packages/sandbox/src"
import { freePort } from "../dev/net"

export { freePort }

/**
 * Runs once before the http group: the sandbox server (the shipping service of these tests)
 * in this process, and the app's port fixed here because the plugin's webhook url, read from
 * medusa-config at boot, has to name it. Tests drive the sandbox through its control API at
 * SANDBOX_URL.
 */
export default async function globalSetup() {
  process.env.MEDUSA_DISABLE_TELEMETRY = "true"
  process.env.DB_HOST ??= "localhost"
  process.env.MEDUSA_ADMIN_DISABLE = "true"
  process.env.LOG_LEVEL ??= "error"
  const port = process.env.PORT ?? String(await freePort())
  process.env.PORT = port
  process.env.SHIPPING_SERVICES_PUBLIC_URL ??= `http://localhost:${port}`
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1", speed: 0 })
  ;(
    globalThis as { __SHIPPING_SANDBOX__?: SandboxHandle }
  ).__SHIPPING_SANDBOX__ = sandbox
  process.env.SANDBOX_URL = sandbox.url
  process.env.SHIPPING_SERVICES_BASE_URL = sandbox.roots.baseUrl
}
