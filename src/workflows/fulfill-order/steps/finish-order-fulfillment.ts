import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { AUTO_FULFILLMENTS, type FulfillMode } from "./claim-order-fulfillment"
import { createNotingError } from "./create-order-fulfillment"
import { shippingOf } from "../../../modules/shipping-services"

export type FinishInput = {
  record_id: string
  mode: FulfillMode
  /** The attempt the claim made: its row takes the error's words when recording fails. */
  attempts: number
  /** The fulfillments Medusa created (or that were registered); none when nothing was left. */
  fulfillment_ids: string[]
}

// Kept as first spelled: executions in flight on an upgraded shop are stored under this id.
export const finishOrderFulfillmentStepId =
  "shipping-services-finish-order-fulfilment"
/**
 * The attempt succeeded: its row says so, with the fulfillment, and its lease is given up in
 * the same UPDATE. An admin's fulfillment also ends a hold (the admin chose the order). The
 * workflow's last step, so it has no compensation: nothing after it can fail. When it fails, its
 * words go on the attempt first (as the create step's do), so the claim's compensation never
 * shows a failed attempt without them.
 */
export const finishOrderFulfillmentStep = createStep(
  finishOrderFulfillmentStepId,
  async (input: FinishInput, { container }) => {
    const shipping = shippingOf(container)
    shipping.leases().letExpire(AUTO_FULFILLMENTS, input.record_id)
    await createNotingError(
      () =>
        shipping.attempts().finish(input.record_id, {
          status: "succeeded",
          last_error: null,
          ...(input.mode === "admin" ? { held_at: null } : {}),
          ...(input.fulfillment_ids.length
            ? { fulfillment_ids: { ids: input.fulfillment_ids } }
            : {}),
        }),
      (lastError) =>
        shipping.attempts().noteError(input.record_id, {
          attempts: input.attempts,
          last_error: lastError,
        })
    )
    return new StepResponse(input.fulfillment_ids)
  }
)
