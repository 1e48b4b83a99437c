import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { checkOrderStep } from "./steps/check-order"
import { releaseOrderStep, type ReleaseInput } from "./steps/release-order"

/** Ends a hold: the order is due again (or waits for an admin). */
export const releaseOrderWorkflow = createWorkflow(
  "shipping-services-release-order",
  (input: ReleaseInput) => {
    checkOrderStep({ order_id: input.order_id })
    return new WorkflowResponse(releaseOrderStep(input))
  }
)
