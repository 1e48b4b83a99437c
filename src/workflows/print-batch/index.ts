// A print batch's workflows, one per file.
export { createPrintBatchWorkflow } from "./create-print-batch"
export { reopenPrintBatchWorkflow } from "./reopen-print-batch"
export { recordBatchItemWorkflow } from "./record-batch-item"
export { makeBatchPrintFilesWorkflow } from "./make-batch-print-files"
export { markLabelsPrintedWorkflow } from "./mark-labels-printed"
