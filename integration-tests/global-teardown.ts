import type { SandboxHandle } from "../packages/sandbox/src"
import { dropDatabase } from "../dev/database"

export default async function globalTeardown() {
  const sandboxes =
    (globalThis as { __SHIPPING_SANDBOXES__?: SandboxHandle[] })
      .__SHIPPING_SANDBOXES__ ?? []
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
  const template = process.env.HTTP_TEST_DB_TEMPLATE
  if (template) await dropDatabase(template)
}
