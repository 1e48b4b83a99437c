import { cancelFulfillmentStep } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { checkHalfMadeFulfillmentStep } from "./steps/check-half-made"
import { deleteCanceledFulfillmentStep } from "./steps/delete-canceled-fulfillment"

export type DiscardHalfMadeFulfillmentInput = {
  fulfillment_id: string
  /** Younger ones may belong to a live workflow. */
  older_than_seconds: number
}

/**
 * Cancels (its data names no label, so nothing is voided) and deletes a fulfillment a stopped process left
 * half-made; the order gets its labels elsewhere through recovery. Not compensable: the check comes first.
 */
export const discardHalfMadeFulfillmentWorkflow = createWorkflow(
  "shipping-services-discard-half-made-fulfillment",
  (input: DiscardHalfMadeFulfillmentInput) => {
    const found = checkHalfMadeFulfillmentStep(input)
    const id = transform({ found }, ({ found }) => found.id)
    cancelFulfillmentStep(id)
    deleteCanceledFulfillmentStep(id)
    return new WorkflowResponse(found)
  }
)
