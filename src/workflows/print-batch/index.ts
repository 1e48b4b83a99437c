import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  createBatchRowsStep,
  type CreateBatchRowsInput,
} from "./steps/create-batch-rows"
import { reopenBatchStep, type ReopenBatchInput } from "./steps/reopen-batch"

/** A print batch's rows (src/orchestration/batches/create-batch.ts checks the selection first and runs it after). */
export const createPrintBatchWorkflow = createWorkflow(
  "shipping-services-create-print-batch",
  (input: CreateBatchRowsInput) => {
    return new WorkflowResponse(createBatchRowsStep(input))
  }
)

/** Failed orders of a batch retried, or its print file made again with other settings. */
export const reopenPrintBatchWorkflow = createWorkflow(
  "shipping-services-reopen-print-batch",
  (input: ReopenBatchInput) => {
    return new WorkflowResponse(reopenBatchStep(input))
  }
)
