import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { pruneDocumentVersionsStep } from "../common/prune-document-versions"
import { moveDocumentsStep } from "../documents/steps/move-documents"
import {
  createBatchRowsStep,
  type CreateBatchRowsInput,
} from "./steps/create-batch-rows"
import { markLabelsPrintedStep } from "./steps/mark-labels-printed"
import {
  recordBatchItemStep,
  type BatchItemOutcome,
} from "./steps/record-batch-item"
import { recordPrintFilesStep } from "./steps/record-print-files"
import { reopenBatchStep, type ReopenBatchInput } from "./steps/reopen-batch"
import { storePrintFilesStep } from "./steps/store-print-files"

/** A print batch's rows (src/orchestration/batches/batches.ts checks the selection first and runs it after). */
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

/**
 * What one order of a batch came to, once its labels were bought (fulfilOrderWorkflow, run by
 * the batch for each order) or refused.
 */
export const recordBatchItemWorkflow = createWorkflow(
  "shipping-services-record-batch-item",
  (input: BatchItemOutcome) => new WorkflowResponse(recordBatchItemStep(input))
)

/**
 * A batch's print files: made and stored as the next version (compensation deletes it) → the
 * batch names them and its items' notes are written (compensation restores both) → the older
 * versions pruned, then the new files moved to the File Module when `documents.storage` is
 * "file". Run under the batch's lease (src/orchestration/batches/run-batch.ts).
 */
export const makeBatchPrintFilesWorkflow = createWorkflow(
  "shipping-services-make-batch-print-files",
  (input: { batch_id: string }) => {
    const stored = storePrintFilesStep(input)
    const files = recordPrintFilesStep(stored)
    pruneDocumentVersionsStep(
      transform({ stored }, ({ stored }) => ({
        kind: "print" as const,
        owner_id: stored.batch_id,
        version: stored.version,
        stored: true,
      }))
    )
    moveDocumentsStep(
      transform({ stored }, ({ stored }) => ({
        owners: [{ kind: "print" as const, owner_id: stored.batch_id }],
      }))
    )
    return new WorkflowResponse(files)
  }
)

/** A batch's labels printed, once its print file is downloaded. */
export const markLabelsPrintedWorkflow = createWorkflow(
  "shipping-services-mark-labels-printed",
  (input: { shipment_ids: string[] }) =>
    new WorkflowResponse(markLabelsPrintedStep(input))
)
