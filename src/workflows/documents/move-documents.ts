import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  moveDocumentsStep,
  type MoveDocumentsInput,
} from "./steps/move-documents"

/** Used by the store-pending-labels job and the move-documents script. */
export const moveDocumentsWorkflow = createWorkflow(
  "shipping-services-move-documents",
  (input: MoveDocumentsInput) => new WorkflowResponse(moveDocumentsStep(input))
)
