import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import type { ShipmentTrackingFields } from "../../../modules/shipping-services/service"
import { shippingOf } from "../../../modules/shipping-services"

export type TrackingBefore = {
  shipment_id: string
  fields: ShipmentTrackingFields
}

type Shipping = Pick<ShippingServicesModuleService, "journal" | "tracking">

/**
 * Writes the shipment's tracking summary and returns the fields as they were, in one statement
 * (a read for the compensation and then the update were two, on every apply).
 */
export async function recordTracking(
  shipping: Shipping,
  shipmentId: string,
  fields: ShipmentTrackingFields
): Promise<TrackingBefore | null> {
  const old = await shipping
    .journal()
    .swapShipmentFields(shipmentId, datesOf(fields))
  if (!old) return null
  const was = (column: string) => (old[column] ?? null) as Date | string | null
  return {
    shipment_id: shipmentId,
    fields: {
      tracking_status: (old.tracking_status ?? null) as string | null,
      tracking_status_at: was("tracking_status_at") as Date | null,
      last_event_at: was("last_event_at") as Date | null,
      ...("next_poll_at" in fields
        ? { next_poll_at: was("next_poll_at") as Date | null }
        : {}),
    },
  }
}

/** Dates in a workflow's input arrive as strings on the Redis engine. */
const datesOf = (f: ShipmentTrackingFields): ShipmentTrackingFields => ({
  ...f,
  tracking_status_at: f.tracking_status_at && new Date(f.tracking_status_at),
  last_event_at: f.last_event_at && new Date(f.last_event_at),
  ...(f.next_poll_at ? { next_poll_at: new Date(f.next_poll_at) } : {}),
})

/** Compensation: the tracking summary as it was. */
export async function restoreTracking(
  shipping: Pick<Shipping, "tracking">,
  before: TrackingBefore | null | undefined
): Promise<void> {
  if (!before) return
  await shipping
    .tracking()
    .recordShipment(before.shipment_id, datesOf(before.fields))
}

export const recordShipmentTrackingStepId =
  "shipping-services-record-shipment-tracking"
/** The shipment's tracking status, its time and the last event's (what the admin and shopper see). */
export const recordShipmentTrackingStep = createStep(
  recordShipmentTrackingStepId,
  async (
    input: { shipment_id: string; fields: ShipmentTrackingFields },
    { container }
  ) => {
    const shipping = shippingOf(container)
    const before = await recordTracking(
      shipping,
      input.shipment_id,
      input.fields
    )
    return new StepResponse(before, before)
  },
  async (before, { container }) => {
    await restoreTracking(shippingOf(container), before)
  }
)
