import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { reopenBatchStep, type ReopenBatchInput } from "./steps/reopen-batch"

/** Failed orders of a batch retried, or its print file made again with other settings. */
export const reopenPrintBatchWorkflow = createWorkflow(
  "shipping-services-reopen-print-batch",
  (input: ReopenBatchInput) => {
    return new WorkflowResponse(reopenBatchStep(input))
  }
)
