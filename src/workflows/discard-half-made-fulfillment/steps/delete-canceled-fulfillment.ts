import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const deleteCanceledFulfillmentStepId =
  "shipping-services-delete-canceled-fulfillment"
/**
 * Deletes a canceled fulfillment through Medusa's fulfillment module (its items, delivery
 * address and labels go with it). No compensation: it is the last step, and the fulfillment it
 * removes held nothing an order, a reservation or a label needs.
 */
export const deleteCanceledFulfillmentStep = createStep(
  deleteCanceledFulfillmentStepId,
  async (id: string, { container }) => {
    await container.resolve(Modules.FULFILLMENT).deleteFulfillment(id)
    return new StepResponse(id)
  }
)
