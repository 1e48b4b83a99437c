import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const deleteCanceledFulfillmentStepId =
  "shipping-services-delete-canceled-fulfillment"
/** No compensation: last step, and the fulfillment held nothing anyone needs. */
export const deleteCanceledFulfillmentStep = createStep(
  deleteCanceledFulfillmentStepId,
  async (id: string, { container }) => {
    await container.resolve(Modules.FULFILLMENT).deleteFulfillment(id)
    return new StepResponse(id)
  }
)
