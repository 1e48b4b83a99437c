import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export type CheckOrderInput = {
  order_id: string
  /** Why it cannot be held (nothing to ship, not this provider's); none for a release. */
  refusal?: string | null
}

export const checkOrderStepId = "shipping-services-check-order-to-hold"
/** The order exists and may be held; reads only. */
export const checkOrderStep = createStep(
  checkOrderStepId,
  async (input: CheckOrderInput, { container }) => {
    const { data } = await container
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({
        entity: "order",
        fields: ["id"],
        filters: { id: input.order_id },
      })
    if (!data.length)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Order with id: ${input.order_id} was not found`
      )
    if (input.refusal)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${input.order_id} cannot be held: ${input.refusal}.`
      )
    return new StepResponse(undefined)
  }
)
