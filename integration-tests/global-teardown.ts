import type { SandboxHandle } from "../packages/sandbox/src"
import { dropAppTemplate } from "../dev/migrated-template"

export default async function globalTeardown() {
  const sandboxes =
    (globalThis as { __SHIPPING_SANDBOXES__?: SandboxHandle[] })
      .__SHIPPING_SANDBOXES__ ?? []
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
  await dropAppTemplate()
}
