import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export type ProcessedEvents = { outcome: string; ids: string[] }[]

export const markEventsProcessedStepId =
  "shipping-services-mark-tracking-events-processed"
/**
 * Marks the stored events applied, each with what it did (shipped, recorded, ignored as
 * implausible…): an event is applied once. Compensation marks them unprocessed again, so the
 * next delivery, the polling job or a retry applies them. The workflow's last step.
 */
export const markEventsProcessedStep = createStep(
  markEventsProcessedStepId,
  async (
    input: { processed: ProcessedEvents; processed_at: Date },
    { container }
  ) => {
    const shipping = shippingOf(container)
    for (const { outcome, ids } of input.processed)
      await shipping
        .tracking()
        .markEventsProcessed(ids, new Date(input.processed_at), outcome)
    const ids = input.processed.flatMap((p) => p.ids)
    return new StepResponse(ids.length, ids)
  },
  async (ids, { container }) => {
    if (!ids?.length) return
    const shipping = shippingOf(container)
    await shipping.updateTrackingEvents(
      ids.map((id) => ({ id, processed_at: null, outcome: null }))
    )
  }
)
