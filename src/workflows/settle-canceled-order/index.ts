import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { SettledAutoFulfillment } from "../../modules/shipping-services/service"
import { shippingOf } from "../../modules/shipping-services"

export const settleCanceledOrderStepId =
  "shipping-services-settle-canceled-order"
/** Skips the row unless a live process is buying (that fails by itself). Compensation restores rows unchanged since. */
export const settleCanceledOrderStep = createStep(
  settleCanceledOrderStepId,
  async (input: { order_id: string }, { container }) => {
    const shipping = shippingOf(container)
    const settled = await shipping.queue().settleCanceledOrder(input.order_id)
    return new StepResponse({ settled: settled.length }, settled)
  },
  async (settled: SettledAutoFulfillment[] | undefined, { container }) => {
    if (!settled?.length) return
    const shipping = shippingOf(container)
    await shipping.queue().restoreSettled(settled)
  }
)

/** On `order.canceled`, and when an automatic attempt finds its order canceled. */
export const settleCanceledOrderWorkflow = createWorkflow(
  "shipping-services-settle-canceled-order",
  (input: { order_id: string }) =>
    new WorkflowResponse(settleCanceledOrderStep(input))
)
