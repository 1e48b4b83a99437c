import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { reconcileLocked } from "../../../modules/shipping-services/webhook-registration/reconcile"
import { type EnsureOptions } from "../../../modules/shipping-services/webhook-registration/records"
import { stepDeps } from "./deps"

export const reconcileWebhooksStepId = "shipping-services-reconcile-webhooks"
/**
 * Makes the service's configurations match the options and the stored keys (doc 1). Never throws
 * for a service failure (the outcome says `ok: false`, the row keeps the error). No compensation:
 * reconciling converges on the options; undoing it would recreate what it deleted, and every run
 * (the job, every 15 minutes) converges again anyway.
 */
export const reconcileWebhooksStep = createStep(
  reconcileWebhooksStepId,
  async (input: EnsureOptions, { container }) => {
    return new StepResponse(
      await reconcileLocked(stepDeps(container), { ...input, force: false })
    )
  }
)
