import {
  cancelOrderFulfillmentWorkflow,
  createOrderFulfillmentWorkflow,
} from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { errorRecord } from "../../../lib/errors"
import type { PlannedGroup } from "../../../lib/auto-fulfillment/groups"
import { shippingOf } from "../../../modules/shipping-services"

export type CreateInput = {
  order_id: string
  /** One Medusa fulfillment each: the lines of one shipping option and stock location. */
  groups: PlannedGroup[]
  /** The attempt the claim made: its row takes the error's words. */
  record_id: string
  attempts: number
}

/**
 * Runs `create` (Medusa's createOrderFulfillmentWorkflow: the fulfillment, and through the
 * provider its labels); when it fails, its words are put on the attempt before the error goes
 * on. The claim's compensation, which runs next, then turns that attempt to `failed` with the
 * words already on it: an admin never sees a failed attempt without its reason (or with the
 * previous attempt's), and a process that stops in between leaves a running attempt for the
 * recovery, not a failed one without words. (A compensation is never told the error, so the
 * words cannot wait for it.)
 */
export async function createNotingError<T>(
  create: () => Promise<T>,
  note: (lastError: Record<string, unknown>) => Promise<unknown>
): Promise<T> {
  try {
    return await create()
  } catch (error) {
    // Best effort: the error itself must go on even when its words cannot be written.
    await note(errorRecord(error)).catch(() => undefined)
    throw error
  }
}

export const createOrderFulfillmentStepId =
  "shipping-services-create-order-fulfillment"
/**
 * Medusa's createOrderFulfillmentWorkflow once per group, in turn (one fulfillment per shipping
 * option and stock location, its labels bought from that location), run by this step (not
 * `runAsStep`) so that an error can be noted on the attempt. A group whose location cannot ship
 * (not linked to the provider, no address among several warehouses) is refused in words before
 * anything is bought. Each run compensates itself when it fails; the groups made before a failure
 * stay (their labels are good: the next attempt plans only what is left). When a later step of
 * fulfillOrderWorkflow fails, this step's compensation cancels every fulfillment it created with
 * Medusa's cancelOrderFulfillmentWorkflow (the provider voids the labels).
 */
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
    // Only the ids go on: a step's output is copied into every later checkpoint of the
    // workflow (JSON, and on the Redis engine into Redis), and the whole fulfillment with its
    // items, labels and address is a large share of a burst's CPU per order.
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
