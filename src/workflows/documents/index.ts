import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  moveDocumentsStep,
  type MoveDocumentsInput,
} from "./steps/move-documents"
import {
  removeExpiredDocumentsStep,
  type RemoveExpiredInput,
} from "./steps/remove-expired-documents"

export { moveDocumentsStep } from "./steps/move-documents"
export type { MoveDocumentsInput } from "./steps/move-documents"
export type {
  RemoveExpiredInput,
  RemoveExpiredOutput,
} from "./steps/remove-expired-documents"

/** Documents into the configured storage (or `target`): the store-pending-labels job, the move-documents script. */
export const moveDocumentsWorkflow = createWorkflow(
  "shipping-services-move-documents",
  (input: MoveDocumentsInput) => new WorkflowResponse(moveDocumentsStep(input))
)

/** One bounded batch of retention (src/orchestration/document-retention.ts runs them in a loop). */
export const removeExpiredDocumentsWorkflow = createWorkflow(
  "shipping-services-remove-expired-documents",
  (input: RemoveExpiredInput) =>
    new WorkflowResponse(removeExpiredDocumentsStep(input))
)
