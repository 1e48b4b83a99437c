import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { NewDocument } from "../../modules/shipping-services/service"
import { shippingOf } from "../../modules/shipping-services"

export type PruneDocumentVersionsInput = {
  kind: NewDocument["kind"]
  owner_id: string
  version: number
  /** False: nothing new was stored, so the older versions are all there is. */
  stored: boolean
}

export const pruneDocumentVersionsStepId =
  "shipping-services-prune-document-versions"
/** Hard delete (pages carry addresses), last, so nothing after it can fail: no compensation. */
export const pruneDocumentVersionsStep = createStep(
  pruneDocumentVersionsStepId,
  async (input: PruneDocumentVersionsInput, { container }) => {
    if (input.stored) {
      const shipping = shippingOf(container)
      await shipping.versions().prune(input.kind, input.owner_id, input.version)
    }
    return new StepResponse(undefined)
  }
)
