import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { WebhookType } from "../../../shipping-api/constants"
import {
  restoreKeys,
  rotateKeysLocked,
} from "../../../modules/shipping-services/webhook-registration/keys"
import { stepDeps } from "./deps"
import { shippingOf } from "../../../modules/shipping-services"

export const rotateWebhookKeysStepId = "shipping-services-rotate-webhook-keys"
/**
 * Stores a new key per registration (the current one becomes the previous, still accepted for a
 * grace period). Compensation restores the keys as they were, should the run fail before the
 * service is sent the new ones (a service refusal does not fail the run: the row keeps the new
 * key, which the next run sends, while the old one keeps working).
 */
export const rotateWebhookKeysStep = createStep(
  rotateWebhookKeysStepId,
  async (input: { types?: WebhookType[] }, { container }) => {
    const { rotated, before } = await rotateKeysLocked(
      stepDeps(container),
      input.types
    )
    return new StepResponse(rotated, before)
  },
  async (before, { container }) => {
    await restoreKeys(shippingOf(container), before)
  }
)
