import type { MedusaContainer } from "@medusajs/framework/types"
import { storeShipmentLabelWorkflow } from "../workflows/store-shipment-label"
import { moveDocumentsWorkflow } from "../workflows/documents"
import { runJob } from "../orchestration/jobs/job-runs"
import { PLUGIN_JOBS } from "../lib/jobs"

/** Documents moved to the File Module per run (documents.storage "file"): a few megabytes. */
const MOVE_PER_RUN = 200

/**
 * Stores labels a crash or an error left on shipment rows (normally done right after creation),
 * and moves documents still in the database to the File Module when `documents.storage` is
 * "file" (normally done by the workflow that stored them).
 */
export default async function storePendingLabels(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, async () => {
    await storeShipmentLabelWorkflow(container).run({ input: {} })
    await moveDocumentsWorkflow(container).run({
      input: { limit: MOVE_PER_RUN },
    })
  })
}

export const config = { ...PLUGIN_JOBS.storePendingLabels }
