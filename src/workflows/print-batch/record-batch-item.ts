import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  recordBatchItemStep,
  type BatchItemOutcome,
} from "./steps/record-batch-item"

/** What one order came to: its labels, or the refusal. */
export const recordBatchItemWorkflow = createWorkflow(
  "shipping-services-record-batch-item",
  (input: BatchItemOutcome) => new WorkflowResponse(recordBatchItemStep(input))
)
