import {
  createFulfillmentSets,
  createRemoteLinkStep,
  createServiceZonesStep,
  createShippingOptionsWorkflow,
  createShippingProfilesStep,
} from "@medusajs/medusa/core-flows"
import type { CreateShippingOptionsWorkflowInput } from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { SetupShippingWorkflowInput } from "./input"
import { addGeoZonesStep } from "./steps/add-geo-zones"

export type { SetupShippingWorkflowInput } from "./input"

export type SetupShippingResult = {
  shipping_profile_id: string
  fulfillment_set_ids: string[]
  service_zone_ids: string[]
  geo_zone_ids: string[]
  shipping_option_ids: string[]
  /** A set's link to its location apart. */
  links: number
}

/**
 * The one-action setup from Medusa's own steps, in the order Medusa needs them; every step undoes its own work,
 * so a failed run leaves nothing. createShippingOptionsWorkflow checks providers and calculated prices.
 */
export const setupShippingWorkflow = createWorkflow(
  "shipping-services-setup-shipping",
  (input: SetupShippingWorkflowInput) => {
    // Each step runs unconditionally (they no-op on empty lists): a step inside a `when` was not compensated on 2.21.
    const profiles = transform({ input }, ({ input }) =>
      "create" in input.shipping_profile
        ? [{ name: input.shipping_profile.create.name, type: "default" }]
        : []
    )
    const createdProfiles = createShippingProfilesStep(profiles)
    const profileId = transform(
      { input, createdProfiles },
      ({ input, createdProfiles }) =>
        "id" in input.shipping_profile
          ? input.shipping_profile.id
          : createdProfiles[0]!.id
    )

    createRemoteLinkStep(input.links).config({
      name: "shipping-services-setup-link-locations",
    })

    const setsData = transform({ input }, ({ input }) =>
      input.fulfillment_sets.map((s) => ({
        name: s.name,
        type: "shipping",
        metadata: s.metadata,
      }))
    )
    const sets = createFulfillmentSets(setsData)
    const setLinks = transform({ input, sets }, ({ input, sets }) =>
      input.fulfillment_sets.map((s) => ({
        [Modules.STOCK_LOCATION]: { stock_location_id: s.location_id },
        [Modules.FULFILLMENT]: {
          fulfillment_set_id: sets.find((c) => c.name === s.name)!.id,
        },
      }))
    )
    createRemoteLinkStep(setLinks).config({
      name: "shipping-services-setup-link-fulfillment-sets",
    })

    const zonesData = transform({ input, sets }, ({ input, sets }) =>
      input.service_zones.map((z) => ({
        name: z.name,
        fulfillment_set_id:
          z.fulfillment_set_id ??
          sets.find((s) => s.name === z.fulfillment_set_name)!.id,
        geo_zones: z.countries.map((country_code) => ({
          type: "country" as const,
          country_code,
        })),
        metadata: z.metadata,
      }))
    )
    const zones = createServiceZonesStep(zonesData)

    const geoZones = addGeoZonesStep(input.geo_zones)

    const options = when(
      "shipping-services-setup-options",
      { input },
      ({ input }) => input.shipping_options.length > 0
    ).then(() => {
      const data = transform(
        { input, zones, profileId },
        ({ input, zones, profileId }) =>
          input.shipping_options.map(
            ({ service_zone_id, service_zone_name, ...o }) =>
              ({
                ...o,
                service_zone_id:
                  service_zone_id ??
                  zones.find((z) => z.name === service_zone_name)!.id,
                shipping_profile_id: profileId,
              }) as unknown as CreateShippingOptionsWorkflowInput[number]
          )
      )
      return createShippingOptionsWorkflow.runAsStep({ input: data })
    })

    const result = transform(
      { input, profileId, sets, zones, geoZones, options },
      ({ input, profileId, sets, zones, geoZones, options }) =>
        ({
          shipping_profile_id: profileId,
          fulfillment_set_ids: sets.map((s) => s.id),
          service_zone_ids: zones.map((z) => z.id),
          geo_zone_ids: geoZones,
          shipping_option_ids: (options ?? []).map((o) => o.id),
          links: input.links.length,
        }) satisfies SetupShippingResult
    )
    return new WorkflowResponse(result)
  }
)
