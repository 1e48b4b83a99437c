import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  readSetting,
  restoreSetting,
} from "../../../modules/shipping-services/settings"
import {
  recordRun,
  WEBHOOKS_LAST_RUN_SETTING,
  type ReconcileOutcome,
} from "../../../modules/shipping-services/webhook-registration/records"
import { stepDeps } from "./deps"
import { shippingOf } from "../../../modules/shipping-services"

export const recordWebhookRunStepId = "shipping-services-record-webhook-run"
/** Records the run's outcome (shown in the admin); compensation restores the previous record. */
export const recordWebhookRunStep = createStep(
  recordWebhookRunStepId,
  async (outcome: ReconcileOutcome, { container }) => {
    const deps = stepDeps(container)
    const previous = await readSetting<Record<string, unknown>>(
      deps.shipping,
      WEBHOOKS_LAST_RUN_SETTING
    ).catch(() => undefined)
    await recordRun(deps, outcome)
    return new StepResponse(outcome, {
      key: WEBHOOKS_LAST_RUN_SETTING,
      value: previous,
    })
  },
  async (previous, { container }) => {
    await restoreSetting(shippingOf(container), previous)
  }
)
