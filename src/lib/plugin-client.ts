import type { Logger } from "@medusajs/framework/types"
import type { PluginOptions } from "../options/schema"
import { sharedShippingClient } from "../options/shipping-client"
import type { ShippingClient } from "../shipping-api/client"
import { observeServiceCall } from "./telemetry"

/**
 * The process's shared client (one per configuration: one concurrency limit, one token) with
 * Medusa's logger. The client calls the logger's methods detached from it, which Medusa's
 * logger does not survive: they are bound here. Every call is traced and measured
 * (src/lib/telemetry).
 */
export function pluginClient(
  options: PluginOptions,
  logger: Logger
): ShippingClient {
  return sharedShippingClient(
    options,
    {
      debug: (m) => logger.debug(m),
      info: (m) => logger.info(m),
      warn: (m) => logger.warn(m),
      error: (m) => logger.error(m),
    },
    observeServiceCall
  )
}
