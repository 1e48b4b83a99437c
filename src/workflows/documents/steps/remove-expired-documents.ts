import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shippingOf } from "../../../modules/shipping-services"

export type RemoveExpiredInput = {
  /** Documents of parcels (and batches) that ended before this are due (ISO date). */
  cutoff: string
  /** Owners per batch. */
  limit: number
  /** Which kinds to look at this time (a kind whose last page came back short is done). */
  labels: boolean
  batches: boolean
  /** Cursor: owners after these ids (a run never looks at the same owner twice). */
  after_label?: string
  after_batch?: string
}

export type RemoveExpiredOutput = {
  labels: string[]
  batches: string[]
  documents: number
  /** The longest of the batch's deleting transactions, ms. */
  lock_ms: number
}

export const removeExpiredDocumentsStepId =
  "shipping-services-remove-expired-documents"
/**
 * One bounded batch of retention (option `documents.keepDays`): the label pages of at most
 * `limit` parcels that ended before the cutoff, then the print files of at most `limit` batches
 * whose labels are all removed. Shipments keep their row, tracking and charges, and are marked
 * `documents_removed_at` (a reprint brings the label back).
 *
 * No compensation: removed bytes cannot come back (that is the point); the marks are written in
 * the same transaction as the deletes, so a failure leaves the batch as it was or done.
 */
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
