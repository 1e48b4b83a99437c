import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { OrderFacts } from "../../lib/auto-fulfil/attempts"
import { shippingOf } from "../../modules/shipping-services"

export type AwaitAdminFulfilmentInput = { order_id: string; facts: OrderFacts }

export const awaitAdminFulfilmentStepId =
  "shipping-services-await-admin-fulfilment"
/**
 * With automatic fulfilment off, a placed order of this provider is recorded as waiting for an
 * admin (`manual`), so Ready to ship lists it from the plugin's own rows. A redelivered
 * `order.placed` finds the row and records nothing. Compensation removes the row it made,
 * unless an admin moved it on meanwhile.
 */
export const awaitAdminFulfilmentStep = createStep(
  awaitAdminFulfilmentStepId,
  async (input: AwaitAdminFulfilmentInput, { container }) => {
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

export const awaitAdminFulfilmentWorkflow = createWorkflow(
  "shipping-services-await-admin-fulfilment",
  (input: AwaitAdminFulfilmentInput) =>
    new WorkflowResponse(awaitAdminFulfilmentStep(input))
)
