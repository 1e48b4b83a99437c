import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { clearRemovedMarkStep } from "./steps/clear-removed-mark"
import { reconcileWebhooksStep } from "./steps/reconcile-webhooks"
import { recordWebhookRunStep } from "./steps/record-webhook-run"

export type RegisterWebhooksInput = { reason: string; force?: boolean }

/** Every registration run (install, boot, job, admin); `force` also after the remove-webhooks script. */
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
