import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  createBatchRowsStep,
  type CreateBatchRowsInput,
} from "./steps/create-batch-rows"

/** A print batch's rows (src/orchestration/batches/batches.ts checks the selection first and runs it after). */
export const createPrintBatchWorkflow = createWorkflow(
  "shipping-services-create-print-batch",
  (input: CreateBatchRowsInput) => {
    return new WorkflowResponse(createBatchRowsStep(input))
  }
)
