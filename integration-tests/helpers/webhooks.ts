import type { MedusaContainer } from "@medusajs/framework/types"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { ShippingClient } from "../../src/shipping-api/client"
import { WEBHOOK_EVENTS } from "../../src/shipping-api/constants"
import {
  formatSandboxHeader,
  SANDBOX_HEADER,
} from "../../src/shipping-api/sandbox-identity"

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
  shipping.keys().forget()
  return { apiKey, headerName: options.webhook.headerName, url }
}

/**
 * Posts one Delivered notification dated `at` to the tracking webhook, forged as a sender
 * claiming to be the sandbox would: our sandbox header (request and field) and a clock that would
 * excuse the date. Answers the route's response (errors included, not thrown).
 */
export function postForgedDelivery(
  api: { post: (url: string, body: unknown, config: object) => Promise<any> },
  hook: { headerName: string; apiKey: string },
  trackingNumber: string | null,
  at: Date,
  description = "Delivered"
): Promise<{ status: number; data: unknown }> {
  const forged = formatSandboxHeader({
    clockMs: at.getTime() + 86_400_000,
    speed: 1,
  })
  return api
    .post(
      "/hooks/shipping-services/tracking",
      [
        {
          trackingNumber,
          carrier: "POSTAL",
          status: "Delivered",
          packageStatus: "Delivered",
          standardizedEventCode: "DLD",
          eventDescription: description,
          eventDate: at.toISOString().slice(0, 10),
          eventTime: at.toISOString().slice(11, 19),
          eventTimeOffset: "+00:00",
          // Fields a sender could add, named as our header and clock are.
          [SANDBOX_HEADER]: forged,
          sandbox: true,
          sandboxClock: new Date(at.getTime() + 86_400_000).toISOString(),
        },
      ],
      {
        headers: {
          "content-type": "application/json",
          [hook.headerName]: hook.apiKey,
          [SANDBOX_HEADER]: forged,
        },
      }
    )
    .catch((e: any) => e.response)
}
