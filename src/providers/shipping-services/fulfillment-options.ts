import type { FulfillmentOption } from "@medusajs/framework/types"
import { CARRIER_OF_VARIANT } from "../../shipping-api/constants"
import type { PluginOptions, ServiceOption } from "../../options"

/**
 * What Medusa's admin lists under "Fulfillment option" and stores as the shipping option's
 * `data`: one entry per service the merchant enabled, carrying how to print its label.
 */
export type ShippingServicesOptionData = FulfillmentOption & {
  id: string
  name: string
  variant: ServiceOption["variant"]
  carrier: string
  service_id: string
  parcel_type: string
  label: ServiceOption["label"]
  is_return: boolean
}

export function toFulfillmentOption(
  service: ServiceOption
): ShippingServicesOptionData {
  return {
    id: service.id,
    name: service.name,
    variant: service.variant,
    carrier: CARRIER_OF_VARIANT[service.variant],
    service_id: service.serviceId,
    parcel_type: service.parcelType,
    label: service.label,
    is_return: service.isReturn,
  }
}

export function listFulfillmentOptions(
  options: PluginOptions
): ShippingServicesOptionData[] {
  return options.services.map(toFulfillmentOption)
}

/** The configured service behind a shipping option's `data` (matched by id). */
export function findService(
  options: PluginOptions,
  optionData: Record<string, unknown> | undefined
): ServiceOption | undefined {
  const id = optionData?.id
  return typeof id === "string"
    ? options.services.find((s) => s.id === id)
    : undefined
}
