import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { pruneDocumentVersionsStep } from "../common/prune-document-versions"
import { moveDocumentsStep } from "../documents/steps/move-documents"
import { recordPrintFilesStep } from "./steps/record-print-files"
import { storePrintFilesStep } from "./steps/store-print-files"

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
