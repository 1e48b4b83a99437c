import type { MedusaContainer } from "@medusajs/framework/types"
import { setupStore, type StoreSetup } from "../../dev/seed/store"
import { adminHeaders } from "./admin"
import { explainHttpErrors } from "./errors"

/**
 * What most http specs open with, in their beforeAll: Medusa's errors explained in failures, an
 * admin's headers, and the development store set up (dev/seed/store.ts).
 */
export async function openStore(
  api: any,
  container: MedusaContainer
): Promise<{ admin: { headers: Record<string, string> }; store: StoreSetup }> {
  explainHttpErrors(api)
  const admin = await adminHeaders(container)
  const store = await setupStore(api, admin)
  return { admin, store }
}

/**
 * The plugin's options of this file's app (set before the runner loads medusa-config, which
 * reads SHIPPING_SERVICES_OPTIONS); the returned function puts back what was there, for afterAll.
 */
export function setAppOptions(options: Record<string, unknown>): () => void {
  const previous = process.env.SHIPPING_SERVICES_OPTIONS
  process.env.SHIPPING_SERVICES_OPTIONS = JSON.stringify(options)
  return () => {
    if (previous === undefined) delete process.env.SHIPPING_SERVICES_OPTIONS
    else process.env.SHIPPING_SERVICES_OPTIONS = previous
  }
}
