import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ShippingActionError } from "../../../lib/action-error"
import { PROVIDER_IDENTIFIER } from "../../../options/resolve"
import { shippingOf } from "../../../modules/shipping-services"

export const checkHalfMadeFulfillmentStepId =
  "shipping-services-check-half-made-fulfillment"
/** Read again: a live process may have linked it, or another recovery discarded it, since the list. */
export const checkHalfMadeFulfillmentStep = createStep(
  checkHalfMadeFulfillmentStepId,
  async (
    input: { fulfillment_id: string; older_than_seconds: number },
    { container }
  ) => {
    const shipping = shippingOf(container)
    const [found] = await shipping.medusa().halfMadeFulfillments({
      providerPrefix: `${PROVIDER_IDENTIFIER}_`,
      olderThanSeconds: input.older_than_seconds,
      ids: [input.fulfillment_id],
      limit: 1,
    })
    if (!found)
      throw new ShippingActionError(
        `Fulfillment ${input.fulfillment_id} is not a half-made fulfillment (any more)`,
        409,
        "conflict"
      )
    return new StepResponse({ id: found.id, created_at: found.created_at })
  }
)
