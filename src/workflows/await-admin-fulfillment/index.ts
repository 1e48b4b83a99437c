import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { OrderFacts } from "../../lib/auto-fulfillment/attempts"
import { shippingOf } from "../../modules/shipping-services"

export type AwaitAdminFulfillmentInput = { order_id: string; facts: OrderFacts }

// Kept as first spelled, like the workflow's id: executions in flight are stored under them.
export const awaitAdminFulfillmentStepId =
  "shipping-services-await-admin-fulfilment"
/**
 * With automatic fulfillment off, a placed order of this provider is recorded as waiting for an
 * admin (`manual`), so Ready to ship lists it from the plugin's own rows. A redelivered
 * `order.placed` finds the row and records nothing. Compensation removes the row it made,
 * unless an admin moved it on meanwhile.
 */
export const awaitAdminFulfillmentStep = createStep(
  awaitAdminFulfillmentStepId,
  async (input: AwaitAdminFulfillmentInput, { container }) => {
    const shipping = shippingOf(container)
    const created = await shipping.queue().recordManual(input.order_id, {
      ...input.facts,
      // A Date in the workflow's input arrives as a string on the Redis engine.
      placed_at: input.facts.placed_at ? new Date(input.facts.placed_at) : null,
    })
    return new StepResponse({ recorded: !!created }, created?.id ?? null)
  },
  async (id: string | null | undefined, { container }) => {
    if (!id) return
    const shipping = shippingOf(container)
    await shipping.queue().removeManual(id)
  }
)

export const awaitAdminFulfillmentWorkflow = createWorkflow(
  "shipping-services-await-admin-fulfilment",
  (input: AwaitAdminFulfillmentInput) =>
    new WorkflowResponse(awaitAdminFulfillmentStep(input))
)
