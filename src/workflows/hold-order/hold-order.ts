import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { checkOrderStep } from "./steps/check-order"
import { holdOrderStep, type HoldInput } from "./steps/hold-order"

/** Ready to ship's "Hold": nothing buys the order's labels until it is released. */
export const holdOrderWorkflow = createWorkflow(
  "shipping-services-hold-order",
  (input: HoldInput & { refusal?: string | null }) => {
    checkOrderStep(input)
    return new WorkflowResponse(holdOrderStep(input))
  }
)
