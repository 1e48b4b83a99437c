import type { SandboxHandle } from "../packages/sandbox/src"

export default async function globalTeardown() {
  const sandboxes =
    (globalThis as { __SHIPPING_SANDBOXES__?: SandboxHandle[] })
      .__SHIPPING_SANDBOXES__ ?? []
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
}
