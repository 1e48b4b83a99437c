import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export type ReleaseInput = {
  order_id: string
  status: "pending" | "manual"
  next_attempt_at: Date | null
}

export const releaseOrderStepId = "shipping-services-release-order"
/** Ends a hold; compensation holds it again. */
export const releaseOrderStep = createStep(
  releaseOrderStepId,
  async (input: ReleaseInput, { container }) => {
    const shipping = shippingOf(container)
    if (
      !(await shipping
        .queue()
        .release(input.order_id, input.status, input.next_attempt_at))
    ) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${input.order_id} was not released: it is not held`
      )
    }
    return new StepResponse(
      { status: input.status },
      { order_id: input.order_id }
    )
  },
  async (before, { container }) => {
    if (!before) return
    const shipping = shippingOf(container)
    await shipping.queue().hold(before.order_id, {})
  }
)
