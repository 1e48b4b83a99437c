import type { SandboxAccount } from "./options"

/** The store's backend as the sandbox reaches it on a developer's machine (`medusa develop`). */
export const DEFAULT_STORE_URL = "http://localhost:9000"

/**
 * The `.env` lines of a Medusa app whose medusa-config.ts is README's block, pointed at this
 * sandbox: credentials, base URL, shipper and facility ids, and the app's public URL (webhooks
 * are delivered to it and every label link is built on it). The sandbox checks the documents'
 * rules, not an onboarding database, so these ids are accepted as they are. Pure.
 */
export function pluginDotenv(input: {
  baseUrl: string
  account: SandboxAccount
  storeUrl?: string
}): string {
  return [
    "# medusa-plugin-shipping-services against the local sandbox (npx shipping-services-sandbox env)",
    `SHIPPING_API_KEY=${input.account.apiKey}`,
    `SHIPPING_API_SECRET=${input.account.apiSecret}`,
    `SHIPPING_BASE_URL=${input.baseUrl}`,
    `SHIPPING_SHIPPER_ID=${input.account.shipperId ?? "9024324"}`,
    "# the drop-off hub of cross-border DROPOFF_GENERICLABEL (the documents' sandbox id)",
    "SHIPPING_CARRIER_FACILITY_ID=1585",
    "# this Medusa backend as the sandbox reaches it: webhooks go there, label links are built on it",
    `SHIPPING_WEBHOOK_PUBLIC_URL=${input.storeUrl ?? DEFAULT_STORE_URL}`,
    "",
  ].join("\n")
}
