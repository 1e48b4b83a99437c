import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  deleteWebhookConfigsStep,
  deleteWebhookRegistrationsStep,
  markWebhooksRemovedStep,
} from "./steps/remove-webhooks"

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
