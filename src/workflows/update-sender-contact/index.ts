import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { ContactFields } from "../../lib/contact/changes"
import { saveContactSettingStep } from "./steps/save-contact-setting"
import { updateContactAtServiceStep } from "./steps/update-contact-at-service"

export type UpdateSenderContactInput = {
  requested: ContactFields
  reason: string
}

/**
 * Updates the sender contact at the service (doc 3) with only the fields that differ from what
 * was last saved (the Setting row `contact`, or options.contact before the first update), then
 * saves the answer. Run under the contact lock (orchestration/contact/contact.ts), so that two admins
 * (or an admin and a store rename) never compute their differences from the same old state.
 */
export const updateSenderContactWorkflow = createWorkflow(
  "shipping-services-update-sender-contact",
  (input: UpdateSenderContactInput) => {
    const update = updateContactAtServiceStep({ requested: input.requested })
    const saved = saveContactSettingStep({ update, reason: input.reason })
    return new WorkflowResponse(
      transform({ update, saved }, ({ update, saved }) => ({
        sent: update.sent,
        saved,
      }))
    )
  }
)
