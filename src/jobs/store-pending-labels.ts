import type { MedusaContainer } from "@medusajs/framework/types"
import { storeShipmentLabelWorkflow } from "../workflows/store-shipment-label"
import { runJob } from "../orchestration/job-runs"
import { PLUGIN_JOBS } from "../lib/jobs"

/** Stores labels a crash or an error left on shipment rows (normally done right after creation). */
export default async function storePendingLabels(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () =>
    storeShipmentLabelWorkflow(container).run({ input: {} })
  )
}

export const config = { ...PLUGIN_JOBS.storePendingLabels }
