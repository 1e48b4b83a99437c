import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { AUTO_FULFILLMENTS, type FulfillMode } from "./claim-order-fulfillment"
import { createNotingError } from "./noting-error"
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
 * The attempt succeeded: row, fulfillments and lease given up in one UPDATE; an admin's also ends a
 * hold. Last step, so no compensation; its own failure's words go on the attempt first.
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
