import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  createBatchRowsStep,
  type CreateBatchRowsInput,
} from "./steps/create-batch-rows"

/** The caller checks the selection first and runs the batch after. */
export const createPrintBatchWorkflow = createWorkflow(
  "shipping-services-create-print-batch",
  (input: CreateBatchRowsInput) => {
    return new WorkflowResponse(createBatchRowsStep(input))
  }
)
