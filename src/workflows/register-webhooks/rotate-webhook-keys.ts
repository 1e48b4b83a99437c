import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { WebhookType } from "../../shipping-api/constants"
import { reconcileWebhooksStep } from "./steps/reconcile-webhooks"
import { recordWebhookRunStep } from "./steps/record-webhook-run"
import { rotateWebhookKeysStep } from "./steps/rotate-webhook-keys"

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
