import type { FulfillmentOption } from "@medusajs/framework/types"
import type { PluginOptions, ServiceOption } from "../../options"
import {
  serviceIdentity,
  type ServiceIdentity,
} from "../../lib/views/service-view"

/**
 * What Medusa's admin lists under "Fulfillment option" and stores as the shipping option's
 * `data`: one entry per service the merchant enabled (named as everywhere else), carrying how
 * to print its label (the options' own shape: shipping options already stored keep reading).
 */
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

/** Why a shipping option's `data` names no configured service, in the admin's words. */
export function unknownServiceMessage(
  optionData: Record<string, unknown> | undefined | null
): string {
  return `Unknown shipping-services option "${String(optionData?.id)}": enable it under the plugin's services option`
}
