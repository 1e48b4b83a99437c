import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { restoreSetting } from "../../../modules/shipping-services/settings"
import {
  deleteLocalRegistrations,
  deleteOurWebhookConfigs,
  markWebhooksRemoved,
} from "../../../modules/shipping-services/webhook-registration/removal"
import { stepDeps } from "./deps"
import { shippingOf } from "../../../modules/shipping-services"

export const markWebhooksRemovedStepId =
  "shipping-services-mark-webhooks-removed"
/**
 * Marks the webhooks removed, first, so that no boot or job registers them again while the
 * removal runs. Compensation restores the mark as it was (a failed removal leaves boots and jobs
 * registering as before).
 */
export const markWebhooksRemovedStep = createStep(
  markWebhooksRemovedStepId,
  async (input: { at: Date }, { container }) => {
    const previous = await markWebhooksRemoved(
      shippingOf(container),
      new Date(input.at)
    )
    return new StepResponse(undefined, previous)
  },
  async (previous, { container }) => {
    await restoreSetting(shippingOf(container), previous)
  }
)

export const deleteWebhookConfigsStepId =
  "shipping-services-delete-webhook-configs"
/**
 * Deletes our configurations at the service (doc 1). No compensation: a deleted configuration
 * cannot be brought back as it was (its id and key are gone); an admin's re-register makes new ones.
 */
export const deleteWebhookConfigsStep = createStep(
  deleteWebhookConfigsStepId,
  async (_: undefined, { container }) => {
    return new StepResponse(await deleteOurWebhookConfigs(stepDeps(container)))
  }
)

export const deleteWebhookRegistrationsStepId =
  "shipping-services-delete-webhook-registrations"
/** Deletes the local registrations, last: nothing after it can fail. */
export const deleteWebhookRegistrationsStep = createStep(
  deleteWebhookRegistrationsStepId,
  async (_: undefined, { container }) => {
    return new StepResponse(
      await deleteLocalRegistrations(shippingOf(container))
    )
  }
)
