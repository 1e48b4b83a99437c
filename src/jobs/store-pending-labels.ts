import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { storeShipmentLabelWorkflow } from "../workflows/store-shipment-label"
import { moveDocumentsWorkflow } from "../workflows/documents"
import { inFlight } from "../lib/in-flight"
import { logJobRun } from "../orchestration/job-runs"

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
  logJobRun(
    container.resolve(ContainerRegistrationKeys.LOGGER),
    config.name,
    context
  )
  await inFlight(async () => {
    await storeShipmentLabelWorkflow(container).run({ input: {} })
    await moveDocumentsWorkflow(container).run({
      input: { limit: MOVE_PER_RUN },
    })
  })
}

export const config = {
  name: "shipping-services-store-pending-labels",
  schedule: "*/5 * * * *",
}
