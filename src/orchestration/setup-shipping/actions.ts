import { Modules } from "@medusajs/framework/utils"
import type { PluginOptions } from "../../options/schema"
import { markerMetadata } from "../../lib/setup-shipping/marker"
import { LANE_LABEL } from "../../lib/setup-shipping/plan"
import type { SetupPlan } from "../../lib/setup-shipping/types"
import { toFulfillmentOption } from "../../providers/shipping-services/fulfillment-options"
import type { SetupShippingWorkflowInput } from "../../workflows/setup-shipping/input"

export function setupActionsOf(
  plan: SetupPlan,
  options: Pick<PluginOptions, "services">
): SetupShippingWorkflowInput {
  if (!plan.ready)
    throw new Error(`The setup is not ready: ${plan.missing.join(" ")}`)
  const profile = plan.shipping_profile
  const out: SetupShippingWorkflowInput = {
    shipping_profile:
      profile?.action === "exists" && profile.id
        ? { id: profile.id }
        : { create: { name: profile?.name ?? "Default Shipping Profile" } },
    links: [],
    fulfillment_sets: [],
    service_zones: [],
    geo_zones: [],
    shipping_options: [],
  }
  for (const location of plan.locations) {
    if (location.provider_link === "create")
      out.links.push({
        [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
        [Modules.FULFILLMENT]: { fulfillment_provider_id: plan.provider_id },
      })
    if (location.sales_channel_link?.action === "create")
      out.links.push({
        [Modules.SALES_CHANNEL]: {
          sales_channel_id: location.sales_channel_link.sales_channel_id,
        },
        [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      })
    const set = location.fulfillment_set
    if (set?.action === "create")
      out.fulfillment_sets.push({
        location_id: location.id,
        name: set.name,
        metadata: markerMetadata({ location_id: location.id }),
      })
    for (const zone of location.zones) {
      if (zone.action === "create") {
        if (!set) throw new Error(`${location.name}: a zone without a set`)
        out.service_zones.push({
          name: zone.name,
          ...(set.id
            ? { fulfillment_set_id: set.id }
            : { fulfillment_set_name: set.name }),
          countries: zone.countries,
          metadata: markerMetadata({
            location_id: location.id,
            lane: zone.lane,
          }),
        })
      } else {
        for (const country_code of zone.add_countries)
          out.geo_zones.push({ service_zone_id: zone.id!, country_code })
      }
    }
    for (const option of location.options) {
      if (option.status !== "create") continue
      const service = options.services.find((s) => s.id === option.service)
      if (!service) throw new Error(`unknown service ${option.service}`)
      const zone = location.zones.find((z) => z.lane === option.lane)
      if (!zone) throw new Error(`${option.name}: no ${option.lane} zone`)
      out.shipping_options.push({
        ...(zone.id
          ? { service_zone_id: zone.id }
          : { service_zone_name: zone.name }),
        name: option.name,
        provider_id: plan.provider_id,
        price_type: option.price_type!,
        ...(option.price_type === "flat" ? { prices: option.prices } : {}),
        data: toFulfillmentOption(service),
        metadata: markerMetadata({
          location_id: location.id,
          lane: option.lane,
          service: service.id,
        }),
        type: {
          label: option.name,
          description: `${LANE_LABEL[option.lane]} (${service.serviceId})`,
          code: service.id,
        },
        rules: [
          {
            attribute: "enabled_in_store",
            operator: "eq",
            value: option.in_store === false ? "false" : "true",
          },
          {
            attribute: "is_return",
            operator: "eq",
            value: option.is_return ? "true" : "false",
          },
        ],
      })
    }
  }
  return out
}
