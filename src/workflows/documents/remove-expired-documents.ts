import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  removeExpiredDocumentsStep,
  type RemoveExpiredInput,
} from "./steps/remove-expired-documents"

/** One bounded batch of retention (src/orchestration/documents/document-retention.ts runs them in a loop). */
export const removeExpiredDocumentsWorkflow = createWorkflow(
  "shipping-services-remove-expired-documents",
  (input: RemoveExpiredInput) =>
    new WorkflowResponse(removeExpiredDocumentsStep(input))
)
