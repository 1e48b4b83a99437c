import { cancelReturnWorkflow } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { cancelReturnFulfillmentsStep } from "./steps/cancel-return-fulfillments"

export type CancelReturnInput = {
  return_id: string
  /** The return's live fulfillments with the plugin's labels. */
  fulfillment_ids: string[]
  /** Medusa's cancelReturnWorkflow too (false when Medusa's own admin route runs it next). */
  cancel_return: boolean
  /** Who canceled it (a customer or a user id), as Medusa records it. */
  canceled_by?: string
}

/**
 * Cancels a return that carries the plugin's labels, which Medusa alone cannot do: its
 * cancelReturnWorkflow wants the return's fulfillments canceled first, and no Medusa route
 * cancels a return's fulfillment through to its provider. The fulfillments first (their labels
 * withdrawn, or a refusal when a parcel is with the carrier, before anything changed), then
 * Medusa's own cancelReturnWorkflow (its checks: not canceled, nothing received).
 */
export const cancelReturnWithLabelsWorkflow = createWorkflow(
  "shipping-services-cancel-return",
  (input: CancelReturnInput) => {
    cancelReturnFulfillmentsStep(
      transform({ input }, ({ input }) => ({
        fulfillment_ids: input.fulfillment_ids,
      }))
    )
    when(
      "shipping-services-cancel-return-medusa",
      { input },
      ({ input }) => input.cancel_return
    ).then(() => {
      cancelReturnWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({
          return_id: input.return_id,
          canceled_by: input.canceled_by,
        })),
      })
    })
    return new WorkflowResponse(input.return_id)
  }
)
