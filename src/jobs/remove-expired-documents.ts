import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runJob } from "../orchestration/jobs/job-runs"
import { removeExpiredDocuments } from "../orchestration/documents/document-retention"
import { PLUGIN_JOBS } from "../lib/jobs"

/**
 * Retention of stored documents (option `documents.keepDays`; docs/documents.md): every hour,
 * the label pages of parcels delivered, voided or returned that long ago, then the print files of
 * batches whose labels are all gone, in bounded batches of short transactions.
 */
export default async function removeExpiredDocumentsJob(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const report = await runJob(container, config.name, context, () =>
    removeExpiredDocuments(container)
  )
  if (report && (report.labels || report.batches))
    logger.info(
      `shipping-services: retention removed the documents of ${report.labels} label(s) and ${report.batches} print batch(es) (${report.documents} file(s)) in ${report.ms} ms; longest lock ${report.longest_lock_ms.toFixed(1)} ms`
    )
}

export const config = { ...PLUGIN_JOBS.removeExpiredDocuments }
