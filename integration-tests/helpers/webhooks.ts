import type { MedusaContainer } from "@medusajs/framework/types"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { ShippingClient } from "../../src/shipping-api/client"
import { WEBHOOK_EVENTS } from "../../src/shipping-api/constants"

/** A client of the sandbox with its default credentials, to look at the service's side. */
export function sandboxClient(
  base = process.env.SHIPPING_SERVICES_BASE_URL!
): ShippingClient {
  return new ShippingClient({
    roots: {
      baseUrl: base,
      authUrl: new URL(base).origin,
      webhookUrl: base,
      contactUrl: base,
    },
    credentials: { apiKey: "sandbox-key", apiSecret: "sandbox-secret" },
    timeoutMs: 10_000,
    concurrency: 4,
    maxAttempts: 1,
  })
}

/**
 * Registers this app's tracking webhook at the sandbox with a known key and stores the row the
 * receive route authenticates with (what the plugin's registration does at install).
 */
export async function registerTrackingWebhook(
  container: MedusaContainer,
  apiKey = "test-webhook-key-0123456789abcdef0123456789",
  sandboxBaseUrl?: string
) {
  const shipping = container.resolve<ShippingServicesModuleService>(
    SHIPPING_SERVICES_MODULE
  )
  const options = shipping.getOptions()
  const url = `${options.webhook.publicUrl}/hooks/shipping-services/tracking`
  const client = sandboxClient(sandboxBaseUrl)
  for (const existing of await client.listWebhookConfigs()) {
    if (existing.url === url)
      await client.deleteWebhookConfig(existing.webHookConfigID!)
  }
  const config = await client.createWebhookConfig({
    name: options.webhook.name,
    type: "tracking",
    events: [...WEBHOOK_EVENTS.tracking],
    url,
    timeOut: options.webhook.timeOutSeconds,
    status: "active",
    authParams: {
      authType: "custom",
      apiKey,
      headerName: options.webhook.headerName,
    },
  })
  for (const r of await shipping.listWebhookRegistrations({ type: "tracking" }))
    await shipping.deleteWebhookRegistrations(r.id)
  await shipping.createWebhookRegistrations({
    type: "tracking",
    config_id: config.webHookConfigID,
    name: options.webhook.name,
    url,
    events: [...WEBHOOK_EVENTS.tracking] as unknown as Record<string, unknown>,
    status: "active",
    header_name: options.webhook.headerName,
    api_key: apiKey,
    time_out: options.webhook.timeOutSeconds,
  })
  shipping.forgetWebhookKeys()
  return { apiKey, headerName: options.webhook.headerName, url }
}
