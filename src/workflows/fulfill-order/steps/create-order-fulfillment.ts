import {
  cancelOrderFulfillmentWorkflow,
  createOrderFulfillmentWorkflow,
} from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PlannedGroup } from "../../../lib/auto-fulfillment/groups"
import { shippingOf } from "../../../modules/shipping-services"
import { createNotingError } from "./noting-error"

export type CreateInput = {
  order_id: string
  /** One Medusa fulfillment each: the lines of one shipping option and stock location. */
  groups: PlannedGroup[]
  /** The attempt the claim made: its row takes the error's words. */
  record_id: string
  attempts: number
}

export const createOrderFulfillmentStepId =
  "shipping-services-create-order-fulfillment"
// Run by the step, not `runAsStep`, so an error can be noted on the attempt.
export const createOrderFulfillmentStep = createStep(
  createOrderFulfillmentStepId,
  async (input: CreateInput, { container, eventGroupId }) => {
    const shipping = shippingOf(container)
    const ids: string[] = []
    for (const group of input.groups) {
      const { result } = await createNotingError(
        async () => {
          if (group.problem)
            throw new MedusaError(MedusaError.Types.NOT_ALLOWED, group.problem)
          return createOrderFulfillmentWorkflow(container).run({
            input: {
              order_id: input.order_id,
              items: group.items,
              shipping_option_id: group.shipping_option_id,
              ...(group.location_id ? { location_id: group.location_id } : {}),
            },
            // As runAsStep does: its events join this workflow's group and go out when this
            // workflow succeeds (cleared when it fails), not when the inner one ends.
            context: { eventGroupId, preventReleaseEvents: true },
          })
        },
        (lastError) =>
          shipping.attempts().noteError(input.record_id, {
            attempts: input.attempts,
            last_error: lastError,
          })
      )
      ids.push(result.id)
    }
    // Only the ids: a step's output is copied into every later checkpoint of the workflow.
    return new StepResponse(
      { ids },
      { order_id: input.order_id, fulfillment_ids: ids }
    )
  },
  async (
    created: { order_id: string; fulfillment_ids: string[] } | undefined,
    { container }
  ) => {
    if (!created) return
    for (const fulfillment_id of created.fulfillment_ids)
      await cancelOrderFulfillmentWorkflow(container).run({
        input: {
          order_id: created.order_id,
          fulfillment_id,
          no_notification: true,
        },
      })
  }
)
