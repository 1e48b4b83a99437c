import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  moveDocumentsStep,
  type MoveDocumentsInput,
} from "./steps/move-documents"

/** Documents into the configured storage (or `target`): the store-pending-labels job, the move-documents script. */
export const moveDocumentsWorkflow = createWorkflow(
  "shipping-services-move-documents",
  (input: MoveDocumentsInput) => new WorkflowResponse(moveDocumentsStep(input))
)
