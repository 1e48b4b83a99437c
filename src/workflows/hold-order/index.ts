// Holding an order and releasing it, one workflow per file.
export { holdOrderWorkflow } from "./hold-order"
export { releaseOrderWorkflow } from "./release-order"
export { checkOrderStep, checkOrderStepId } from "./steps/check-order"
export { holdOrderStep, holdOrderStepId } from "./steps/hold-order"
export { releaseOrderStep, releaseOrderStepId } from "./steps/release-order"
