import type { Logger } from "@medusajs/framework/types"
import type { ProviderPorts } from "./ports"

/** What Medusa's fulfillment module container gives the provider (and tests replace). */
export type ProviderContainer = {
  logger: Logger
  configModule?: { modules?: Record<string, unknown> }
  /** The fulfillment module's own services, in the provider's container. */
  fulfillmentService?: {
    list(
      filters: Record<string, unknown>,
      config?: Record<string, unknown>
    ): Promise<
      {
        id: string
        canceled_at?: Date | string | null
        data?: Record<string, unknown> | null
      }[]
    >
  }
  shippingOptionService?: {
    retrieve(
      id: string,
      config?: Record<string, unknown>
    ): Promise<{ data?: Record<string, unknown> | null }>
  }
  /** Tests replace the ports to Medusa's other modules. */
  shippingServicesPorts?: ProviderPorts
}

/** Awilix throws on unregistered names; optional dependencies read as undefined. */
export function safeResolve<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}
