import { cancelFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const cancelReturnFulfillmentsStepId =
  "shipping-services-cancel-return-fulfillments"
/**
 * Medusa's cancelFulfillmentWorkflow for each live fulfillment of a return: the provider withdraws
 * its return labels (they cannot be voided at the service, doc 4), or refuses when a parcel is
 * with the carrier already, and Medusa marks the fulfillment canceled. No compensation: Medusa
 * cannot un-cancel a fulfillment, and nothing was asked of the service. Fulfillments canceled by an
 * earlier, interrupted run are skipped by Medusa (its cancel is idempotent), so a retry finishes.
 */
export const cancelReturnFulfillmentsStep = createStep(
  cancelReturnFulfillmentsStepId,
  async (input: { fulfillment_ids: string[] }, { container }) => {
    for (const id of input.fulfillment_ids) {
      await cancelFulfillmentWorkflow(container).run({ input: { id } })
    }
    return new StepResponse(input.fulfillment_ids)
  }
)
