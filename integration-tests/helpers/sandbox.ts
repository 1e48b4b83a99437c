import { sandboxControl } from "../../dev/sandbox-control"

/** The sandbox's control API (docs/sandbox.md), for tests in the http group. */
const call = sandboxControl(() => {
  const url = process.env.SANDBOX_URL
  if (!url)
    throw new Error(
      "SANDBOX_URL is not set: the http group's global setup starts the sandbox"
    )
  return url
})

export const sandbox = {
  get: <T = any>(path: string) => call<T>("GET", path),
  post: <T = any>(path: string, body?: unknown) =>
    call<T>("POST", path, body ?? {}),
  put: <T = any>(path: string, body?: unknown) =>
    call<T>("PUT", path, body ?? {}),
  delete: <T = any>(path: string) => call<T>("DELETE", path),
}

/** What the sandbox received and answered for the label of this tracking number (its state). */
export async function atSandbox(trackingNumber: string): Promise<any> {
  const state = await sandbox.get("/state")
  const shipments = Object.values<any>(state.shipments ?? {}).flat()
  return shipments.find((s: any) => s.parcelTrackingNumber === trackingNumber)
}
