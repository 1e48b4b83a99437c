import { createHash } from "node:crypto"
import type {
  ShippingClientConfig,
  ShippingLogger,
} from "../shipping-api/client/config"
import { ShippingClient } from "../shipping-api/client/shipping-client"
import { resolveRoots } from "./resolve"
import type { PluginOptions } from "./schema"

/** The client's settings from the merchant's options. Pure. */
export function clientConfigOf(
  options: PluginOptions,
  logger?: ShippingLogger
): ShippingClientConfig {
  return {
    roots: resolveRoots(options.roots),
    credentials: options.credentials,
    timeoutMs: options.http.timeoutMs,
    concurrency: options.http.concurrency,
    maxAttempts: options.http.maxAttempts,
    acceptLanguage: options.http.acceptLanguage,
    carrierCodes: options.carrierCodes,
    shipper: {
      carrierAccountId: options.shipper.carrierAccountId,
      ratePlan: options.shipper.ratePlan,
      integratorCarrierId: options.shipper.integratorCarrierId,
    },
    logger,
  }
}

const clients = new Map<string, ShippingClient>()

/**
 * One client per configuration in the process, shared by the provider, subscribers, jobs and
 * routes: its concurrency limit ("at most `concurrency` requests in flight") then holds for the
 * whole process, and its token is fetched once.
 */
export function sharedShippingClient(
  options: PluginOptions,
  logger?: ShippingLogger
): ShippingClient {
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        options.roots,
        options.credentials,
        options.http,
        options.carrierCodes,
        options.shipper,
      ])
    )
    .digest("hex")
  let client = clients.get(key)
  if (!client) {
    client = new ShippingClient(clientConfigOf(options, logger))
    clients.set(key, client)
  }
  return client
}
