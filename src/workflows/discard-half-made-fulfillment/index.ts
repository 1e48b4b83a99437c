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
  /** Younger fulfillments may still belong to a live workflow: left alone. */
  older_than_seconds: number
}

/**
 * Removes a fulfillment a stopped process left half-made (see
 * ShippingServicesModuleService.halfMadeFulfillments): checked again, canceled through Medusa's
 * fulfillment module (Medusa's own cancelFulfillmentStep: the provider's cancelFulfillment gets
 * the fulfillment's data, which names no label of ours, so nothing is voided), then deleted
 * through the same module, with the items and address it held. The order it was made for got
 * (or gets) its labels on another fulfillment through the recovery (docs/crash-safety.md).
 * Neither step can be undone by a compensation: the check comes first, and nothing follows.
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
