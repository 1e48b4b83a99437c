import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  removeExpiredDocumentsStep,
  type RemoveExpiredInput,
} from "./steps/remove-expired-documents"

/** One bounded batch of retention; the caller loops. */
export const removeExpiredDocumentsWorkflow = createWorkflow(
  "shipping-services-remove-expired-documents",
  (input: RemoveExpiredInput) =>
    new WorkflowResponse(removeExpiredDocumentsStep(input))
)
