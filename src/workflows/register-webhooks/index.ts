import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { WebhookType } from "../../shipping-api/constants"
import { clearRemovedMarkStep } from "./steps/clear-removed-mark"
import { reconcileWebhooksStep } from "./steps/reconcile-webhooks"
import { recordWebhookRunStep } from "./steps/record-webhook-run"
import { rotateWebhookKeysStep } from "./steps/rotate-webhook-keys"
import {
  deleteWebhookConfigsStep,
  deleteWebhookRegistrationsStep,
  markWebhooksRemovedStep,
} from "./steps/remove-webhooks"

export type RegisterWebhooksInput = { reason: string; force?: boolean }

/**
 * Reconciles the webhook registration with the service (doc 1): an admin's re-register (`force`:
 * also after the remove-webhooks script) and the heal job. Run under the registration lock
 * (orchestration/webhook-registration.ts).
 */
export const registerWebhooksWorkflow = createWorkflow(
  "shipping-services-register-webhooks",
  (input: RegisterWebhooksInput) => {
    const force = transform({ input }, ({ input }) => ({
      force: !!input.force,
    }))
    clearRemovedMarkStep(force)
    const outcome = reconcileWebhooksStep(
      transform({ input }, ({ input }) => ({ reason: input.reason }))
    )
    return new WorkflowResponse(recordWebhookRunStep(outcome))
  }
)

/** A new webhook key per registration, stored then sent to the service; run under the registration lock. */
export const rotateWebhookKeysWorkflow = createWorkflow(
  "shipping-services-rotate-webhook-keys",
  (input: { types?: WebhookType[] }) => {
    const rotated = rotateWebhookKeysStep(input)
    const outcome = reconcileWebhooksStep(
      transform({ rotated }, () => ({ reason: "rotate-key" }))
    )
    const recorded = recordWebhookRunStep(outcome)
    return new WorkflowResponse(
      transform({ rotated, recorded }, ({ rotated, recorded }) => ({
        rotated,
        outcome: recorded,
      }))
    )
  }
)

/**
 * Uninstall (the remove-webhooks script): marked removed (compensation restores the mark) → our
 * configurations deleted at the service (no compensation) → the local registrations deleted.
 * Run under the registration lock.
 */
export const removeWebhooksWorkflow = createWorkflow(
  "shipping-services-remove-webhooks",
  (input: { at: Date }) => {
    markWebhooksRemovedStep(input)
    const deleted = deleteWebhookConfigsStep()
    const rows = deleteWebhookRegistrationsStep()
    return new WorkflowResponse(
      transform({ deleted, rows }, ({ deleted, rows }) => ({ deleted, rows }))
    )
  }
)
