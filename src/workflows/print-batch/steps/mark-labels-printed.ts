import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export const markLabelsPrintedStepId = "shipping-services-mark-labels-printed"
/** Ready to ship stops listing them; earlier dates kept. Compensation unmarks what this step marked. */
export const markLabelsPrintedStep = createStep(
  markLabelsPrintedStepId,
  async (input: { shipment_ids: string[] }, { container }) => {
    const shipping = shippingOf(container)
    const marked = await shipping.journal().markPrinted(input.shipment_ids)
    return new StepResponse(marked.length, marked)
  },
  async (marked, { container }) => {
    if (!marked?.length) return
    const shipping = shippingOf(container)
    await shipping.journal().clearPrinted(marked)
  }
)
