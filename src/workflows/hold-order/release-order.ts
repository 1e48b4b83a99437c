import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { releaseOrderStep, type ReleaseInput } from "./steps/release-order"

/** Ends a hold: the order is due again (or waits for an admin). */
export const releaseOrderWorkflow = createWorkflow(
  "shipping-services-release-order",
  (input: ReleaseInput) => new WorkflowResponse(releaseOrderStep(input))
)
