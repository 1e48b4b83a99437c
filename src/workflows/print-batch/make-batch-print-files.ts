import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { pruneDocumentVersionsStep } from "../common/prune-document-versions"
import { moveDocumentsStep } from "../documents/steps/move-documents"
import { recordPrintFilesStep } from "./steps/record-print-files"
import { storePrintFilesStep } from "./steps/store-print-files"

/** Made and stored as the next version, named on the batch, older versions pruned, moved to the File Module if set. */
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
