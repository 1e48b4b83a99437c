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
  /** False when Medusa's own admin route runs it next. */
  cancel_return: boolean
  /** A customer or user id. */
  canceled_by?: string
}

/** Medusa's cancelReturnWorkflow needs the fulfillments canceled first, and no Medusa route does that through the provider. */
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
