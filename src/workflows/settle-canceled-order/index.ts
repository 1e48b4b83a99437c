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
/**
 * A canceled order stops waiting for a label: its row is `skipped` unless a live process is
 * buying (that purchase fails on the canceled order by itself). Compensation gives the settled
 * rows their status, retry time, hold and words back, if nothing changed them since.
 */
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

/** `order.canceled`, and an automatic attempt that finds its order canceled. */
export const settleCanceledOrderWorkflow = createWorkflow(
  "shipping-services-settle-canceled-order",
  (input: { order_id: string }) =>
    new WorkflowResponse(settleCanceledOrderStep(input))
)
