import type { FulfillmentOption } from "@medusajs/framework/types"
import type { PluginOptions, ServiceOption } from "../../options"
import {
  serviceIdentity,
  type ServiceIdentity,
} from "../../lib/views/service-view"

/** One entry per enabled service; stored as the shipping option's `data`, so its shape must keep reading. */
export type ShippingServicesOptionData = FulfillmentOption &
  ServiceIdentity & {
    label: ServiceOption["label"]
  }

export function toFulfillmentOption(
  service: ServiceOption
): ShippingServicesOptionData {
  return { ...serviceIdentity(service), label: service.label }
}

export function listFulfillmentOptions(
  options: PluginOptions
): ShippingServicesOptionData[] {
  return options.services.map(toFulfillmentOption)
}

export function findService(
  options: PluginOptions,
  optionData: Record<string, unknown> | undefined
): ServiceOption | undefined {
  const id = optionData?.id
  return typeof id === "string"
    ? options.services.find((s) => s.id === id)
    : undefined
}

/** In the admin's words. */
export function unknownServiceMessage(
  optionData: Record<string, unknown> | undefined | null
): string {
  return `Unknown shipping-services option "${String(optionData?.id)}": enable it under the plugin's services option`
}
