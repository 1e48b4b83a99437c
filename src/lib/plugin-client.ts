import type { Logger } from "@medusajs/framework/types"
import type { PluginOptions } from "../options/schema"
import { sharedShippingClient } from "../options/shipping-client"
import type { ShippingClient } from "../shipping-api/client"
import { observeServiceCall } from "./telemetry"

/** The client calls logger methods detached, which Medusa's logger does not survive: they are bound here. */
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
