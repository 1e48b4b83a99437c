import type { Logger } from "@medusajs/framework/types"
import type { ProviderPorts } from "./ports"

/** What the fulfillment module's container gives the provider (tests replace it). */
export type ProviderContainer = {
  logger: Logger
  configModule?: { modules?: Record<string, unknown> }
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
