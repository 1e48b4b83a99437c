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

/** Sends only fields that differ from the saved contact; run under the contact lock so two admins never diff the same state. */
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
