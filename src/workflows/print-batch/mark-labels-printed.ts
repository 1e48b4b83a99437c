import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { markLabelsPrintedStep } from "./steps/mark-labels-printed"

/** Once the print file is downloaded. */
export const markLabelsPrintedWorkflow = createWorkflow(
  "shipping-services-mark-labels-printed",
  (input: { shipment_ids: string[] }) =>
    new WorkflowResponse(markLabelsPrintedStep(input))
)
