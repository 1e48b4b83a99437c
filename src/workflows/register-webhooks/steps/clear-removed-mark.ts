import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { writeSetting } from "../../../modules/shipping-services/settings"
import { clearRemovedMark } from "../../../modules/shipping-services/webhook-registration/removal"
import { WEBHOOKS_REMOVED_SETTING } from "../../../modules/shipping-services/webhook-registration/records"
import { shippingOf } from "../../../modules/shipping-services"

export const clearRemovedMarkStepId =
  "shipping-services-clear-webhooks-removed-mark"
/**
 * An admin's re-register clears the remove-webhooks script's mark (nothing registered again until
 * then); compensation puts the mark back, so a failed re-register leaves boots and jobs as they were.
 */
export const clearRemovedMarkStep = createStep(
  clearRemovedMarkStepId,
  async (input: { force: boolean }, { container }) => {
    if (!input.force)
      return new StepResponse(null, null as Record<string, unknown> | null)
    const removed = await clearRemovedMark(shippingOf(container))
    return new StepResponse(removed, removed)
  },
  async (removed, { container }) => {
    if (removed)
      await writeSetting(
        shippingOf(container),
        WEBHOOKS_REMOVED_SETTING,
        removed
      )
  }
)
