import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export type HoldInput = { order_id: string; facts: Record<string, unknown> }

const resumable = (
  previous: string
): "pending" | "manual" | "failed" | "skipped" =>
  previous === "failed" || previous === "skipped" || previous === "manual"
    ? previous
    : previous === "none"
      ? "manual"
      : "pending"

export const holdOrderStepId = "shipping-services-hold-order"
/** Holds an order (nothing buys its labels until released); compensation gives the row its status back. */
export const holdOrderStep = createStep(
  holdOrderStepId,
  async (input: HoldInput, { container }) => {
    const shipping = shippingOf(container)
    const held = await shipping.queue().hold(input.order_id, input.facts)
    if (!held)
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `Order ${input.order_id} was not held: its labels are being bought right now`
      )
    return new StepResponse(
      { previous: held.previous },
      { order_id: input.order_id, previous: held.previous }
    )
  },
  async (before, { container }) => {
    if (!before) return
    const shipping = shippingOf(container)
    await shipping
      .queue()
      .release(before.order_id, resumable(before.previous), null)
  }
)
