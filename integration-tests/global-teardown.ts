import type { SandboxHandle } from "../packages/sandbox/src"

export default async function globalTeardown() {
  await (
    globalThis as { __SHIPPING_SANDBOX__?: SandboxHandle }
  ).__SHIPPING_SANDBOX__?.close()
}
