import {
  cancelOrderFulfillmentWorkflow,
  createOrderFulfillmentWorkflow,
} from "@medusajs/medusa/core-flows"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { errorRecord } from "../../../lib/errors"

export type CreateInput = {
  order_id: string
  items: { id: string; quantity: number }[]
  shipping_option_id?: string
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

/**
 * Medusa's createOrderFulfillmentWorkflow, run by this step (not `runAsStep`) so that its error
 * can be noted on the attempt. It compensates itself when it fails; when a later step of
 * fulfilOrderWorkflow fails, this step's compensation cancels the fulfillment it created with
 * Medusa's cancelOrderFulfillmentWorkflow (the provider voids the labels).
 */
export const createOrderFulfillmentStep = createStep(
  "shipping-services-create-order-fulfillment",
  async (input: CreateInput, { container, eventGroupId }) => {
    const shipping: ShippingServicesModuleService = container.resolve(
      SHIPPING_SERVICES_MODULE
    )
    const { result } = await createNotingError(
      () =>
        createOrderFulfillmentWorkflow(container).run({
          input: {
            order_id: input.order_id,
            items: input.items,
            shipping_option_id: input.shipping_option_id,
          },
          // As runAsStep does: its events join this workflow's group and go out when this
          // workflow succeeds (cleared when it fails), not when the inner one ends.
          context: { eventGroupId, preventReleaseEvents: true },
        }),
      (lastError) =>
        shipping.noteAutoFulfillmentError(input.record_id, {
          attempts: input.attempts,
          last_error: lastError,
        })
    )
    // Only the id goes on: a step's output is copied into every later checkpoint of the
    // workflow (JSON, and on the Redis engine into Redis), and the whole fulfillment with its
    // items, labels and address is a large share of a burst's CPU per order.
    return new StepResponse(
      { id: result.id },
      { order_id: input.order_id, fulfillment_id: result.id }
    )
  },
  async (
    created: { order_id: string; fulfillment_id: string } | undefined,
    { container }
  ) => {
    if (!created) return
    await cancelOrderFulfillmentWorkflow(container).run({
      input: {
        order_id: created.order_id,
        fulfillment_id: created.fulfillment_id,
        no_notification: true,
      },
    })
  }
)
