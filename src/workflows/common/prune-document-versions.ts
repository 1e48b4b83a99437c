import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { NewDocument } from "../../modules/shipping-services/service"
import { shippingOf } from "../../modules/shipping-services"

export type PruneDocumentVersionsInput = {
  kind: NewDocument["kind"]
  owner_id: string
  /** The version that replaces the older ones. */
  version: number
  /** False when nothing new was stored: the older versions are all there is. */
  stored: boolean
}

export const pruneDocumentVersionsStepId =
  "shipping-services-prune-document-versions"
/**
 * A new version of a private file (a reprinted label, a batch's print file made again) replaces
 * the older ones behind the same route: their pages go (hard delete, they carry addresses),
 * last, once nothing after it can fail. No compensation: nothing after it can fail.
 */
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
