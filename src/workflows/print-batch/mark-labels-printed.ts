import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { markLabelsPrintedStep } from "./steps/mark-labels-printed"

/** A batch's labels printed, once its print file is downloaded. */
export const markLabelsPrintedWorkflow = createWorkflow(
  "shipping-services-mark-labels-printed",
  (input: { shipment_ids: string[] }) =>
    new WorkflowResponse(markLabelsPrintedStep(input))
)
