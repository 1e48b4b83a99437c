import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  recordBatchItemStep,
  type BatchItemOutcome,
} from "./steps/record-batch-item"

/**
 * What one order of a batch came to, once its labels were bought (fulfillOrderWorkflow, run by
 * the batch for each order) or refused.
 */
export const recordBatchItemWorkflow = createWorkflow(
  "shipping-services-record-batch-item",
  (input: BatchItemOutcome) => new WorkflowResponse(recordBatchItemStep(input))
)
