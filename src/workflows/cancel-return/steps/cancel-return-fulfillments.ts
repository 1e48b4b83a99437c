import { cancelFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const cancelReturnFulfillmentsStepId =
  "shipping-services-cancel-return-fulfillments"
/** No compensation: Medusa cannot un-cancel, and a retry skips fulfillments already canceled. */
export const cancelReturnFulfillmentsStep = createStep(
  cancelReturnFulfillmentsStepId,
  async (input: { fulfillment_ids: string[] }, { container }) => {
    for (const id of input.fulfillment_ids) {
      await cancelFulfillmentWorkflow(container).run({ input: { id } })
    }
    return new StepResponse(input.fulfillment_ids)
  }
)
