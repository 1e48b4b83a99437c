import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export type AddGeoZonesInput = {
  service_zone_id: string
  country_code: string
}[]

type GeoZones = {
  createGeoZones(
    data: { service_zone_id: string; type: "country"; country_code: string }[]
  ): Promise<{ id: string }[]>
  deleteGeoZones(ids: string[]): Promise<void>
}

export const addGeoZonesStepId = "shipping-services-setup-add-geo-zones"
/** Medusa has no step adding geo zones (updateServiceZones replaces the list). Compensation deletes only ours. */
export const addGeoZonesStep = createStep(
  addGeoZonesStepId,
  async (input: AddGeoZonesInput, { container }) => {
    if (!input.length) return new StepResponse([], [])
    const fulfillment = container.resolve<GeoZones>(Modules.FULFILLMENT)
    const created = await fulfillment.createGeoZones(
      input.map((g) => ({
        service_zone_id: g.service_zone_id,
        type: "country" as const,
        country_code: g.country_code,
      }))
    )
    const ids = created.map((g) => g.id)
    return new StepResponse(ids, ids)
  },
  async (ids, { container }) => {
    await deleteCreatedGeoZones(
      container.resolve<GeoZones>(Modules.FULFILLMENT),
      ids
    )
  }
)

export async function deleteCreatedGeoZones(
  fulfillment: Pick<GeoZones, "deleteGeoZones">,
  ids: string[] | undefined
): Promise<void> {
  if (ids?.length) await fulfillment.deleteGeoZones(ids)
}
