export { moveDocumentsWorkflow } from "./move-documents"
export { removeExpiredDocumentsWorkflow } from "./remove-expired-documents"
export { moveDocumentsStep } from "./steps/move-documents"
export type { MoveDocumentsInput } from "./steps/move-documents"
export type {
  RemoveExpiredInput,
  RemoveExpiredOutput,
} from "./steps/remove-expired-documents"
