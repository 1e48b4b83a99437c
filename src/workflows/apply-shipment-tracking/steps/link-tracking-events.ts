import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export type TrackingEventLink = { id: string; shipment_id: string }

export const linkTrackingEventsStepId = "shipping-services-link-tracking-events"
/**
 * Stored events that arrived before their shipment was known (unmatched, shown to admins as
 * such) are linked to it once it is, so its timeline holds them. Compensation unlinks them
 * again: they stay stored and are matched by the next delivery or the polling job.
 */
export const linkTrackingEventsStep = createStep(
  linkTrackingEventsStepId,
  async (input: { links: TrackingEventLink[] }, { container }) => {
    if (!input.links.length) return new StepResponse(0, [] as string[])
    const shipping = shippingOf(container)
    await shipping.tracking().linkEvents(input.links)
    return new StepResponse(
      input.links.length,
      input.links.map((l) => l.id)
    )
  },
  async (ids, { container }) => {
    if (!ids?.length) return
    const shipping = shippingOf(container)
    await shipping
      .tracking()
      .linkEvents(ids.map((id) => ({ id, shipment_id: null })))
  }
)
