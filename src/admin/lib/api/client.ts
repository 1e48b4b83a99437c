import { sdk } from "../sdk"

/** One prefix, so a mutation can refresh all of it. */
export const keys = {
  all: ["shipping-services"] as const,
  order: (orderId: string) => ["shipping-services", "order", orderId] as const,
  connection: ["shipping-services", "connection"] as const,
  services: ["shipping-services", "services"] as const,
  webhooks: ["shipping-services", "webhooks"] as const,
  contact: ["shipping-services", "contact"] as const,
  manifests: ["shipping-services", "manifests"] as const,
  orphans: ["shipping-services", "orphans"] as const,
  health: ["shipping-services", "health"] as const,
  readiness: (productId?: string) =>
    ["shipping-services", "readiness", productId ?? "all"] as const,
  returns: ["shipping-services", "returns"] as const,
  setup: (locationId: string | null) =>
    ["shipping-services", "setup", locationId ?? "all"] as const,
}

const base = "/admin/shipping-services"
export const get = <T>(path: string) => sdk.client.fetch<T>(`${base}${path}`)
export const post = <T>(path: string, body: Record<string, unknown> = {}) =>
  sdk.client.fetch<T>(`${base}${path}`, { method: "POST", body })
