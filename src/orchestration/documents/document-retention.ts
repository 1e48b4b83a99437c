import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { removeExpiredDocumentsWorkflow } from "../../workflows/documents"
import { withLock, type LockingLike } from "../../lib/locking"
import { shippingOf } from "../../modules/shipping-services"

/** Each deleting transaction holds only this many owners' rows. */
export const RETENTION_BATCH = 200
const DAY_MS = 86_400_000

export type RetentionReport = {
  /** Null when documents are kept. */
  cutoff: string | null
  labels: number
  batches: number
  documents: number
  /** Bounded workflow runs. */
  runs: number
  longest_lock_ms: number
  ms: number
}

/** Pure. */
export function retentionCutoff(
  keepDays: number | null,
  now: Date
): Date | null {
  return keepDays === null ? null : new Date(now.getTime() - keepDays * DAY_MS)
}

/**
 * One bounded batch per workflow run until none is left; a cursor ends the loop even when some stay.
 * One run store-wide (Locking Module); a second caller returns "busy".
 */
export async function removeExpiredDocuments(
  container: MedusaContainer,
  { now = new Date(), batchSize = RETENTION_BATCH } = {}
): Promise<RetentionReport | null> {
  const shipping = shippingOf(container)
  const started = Date.now()
  const cutoff = retentionCutoff(shipping.getOptions().documents.keepDays, now)
  const report: RetentionReport = {
    cutoff: cutoff?.toISOString() ?? null,
    labels: 0,
    batches: 0,
    documents: 0,
    runs: 0,
    longest_lock_ms: 0,
    ms: 0,
  }
  if (!cutoff) return report
  const outcome = await withLock(
    container.resolve(Modules.LOCKING) as LockingLike,
    "shipping-services:retention",
    async () => {
      let afterLabel = ""
      let afterBatch = ""
      let labels = true
      let batches = true
      while (labels || batches) {
        const { result } = await removeExpiredDocumentsWorkflow(container).run({
          input: {
            cutoff: cutoff.toISOString(),
            limit: batchSize,
            labels,
            // Print files wait for their labels.
            batches: !labels && batches,
            after_label: afterLabel,
            after_batch: afterBatch,
          },
        })
        report.runs++
        report.labels += result.labels.length
        report.batches += result.batches.length
        report.documents += result.documents
        report.longest_lock_ms = Math.max(
          report.longest_lock_ms,
          result.lock_ms
        )
        // A kind is done when a page comes back short.
        const batchesRead = !labels
        labels = labels && result.labels.length === batchSize
        if (batchesRead) batches = result.batches.length === batchSize
        afterLabel = result.labels.at(-1) ?? afterLabel
        afterBatch = result.batches.at(-1) ?? afterBatch
      }
    },
    // A large backlog takes minutes: a second caller returns at once.
    { timeout: 1, expire: 900, whenHeld: "busy" }
  )
  if (outcome === "busy") return null
  report.ms = Date.now() - started
  return report
}
