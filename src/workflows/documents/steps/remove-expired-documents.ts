import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export type RemoveExpiredInput = {
  /** ISO date. */
  cutoff: string
  /** Owners per batch. */
  limit: number
  /** A kind whose last page came back short is done. */
  labels: boolean
  batches: boolean
  /** A run never looks at the same owner twice. */
  after_label?: string
  after_batch?: string
}

export type RemoveExpiredOutput = {
  labels: string[]
  batches: string[]
  documents: number
  lock_ms: number
}

export const removeExpiredDocumentsStepId =
  "shipping-services-remove-expired-documents"
/** No compensation: removed bytes cannot come back; the marks share the deletes' transaction. */
export const removeExpiredDocumentsStep = createStep(
  removeExpiredDocumentsStepId,
  async (input: RemoveExpiredInput, { container }) => {
    const shipping = shippingOf(container)
    const retention = shipping.retention()
    const cutoff = new Date(input.cutoff)
    const labels = input.labels
      ? await retention.dueLabels(cutoff, input.limit, input.after_label ?? "")
      : []
    const removedLabels = await retention.removeLabels(labels, cutoff)
    const batches = input.batches
      ? await retention.dueBatches(cutoff, input.limit, input.after_batch ?? "")
      : []
    const removedBatches = await retention.removeBatchFiles(batches, cutoff)
    return new StepResponse<RemoveExpiredOutput>({
      labels,
      batches,
      documents: removedLabels.documents + removedBatches.documents,
      lock_ms: Math.max(removedLabels.lockMs, removedBatches.lockMs),
    })
  }
)
