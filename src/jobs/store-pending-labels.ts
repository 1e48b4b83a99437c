import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { storeShipmentLabelWorkflow } from "../workflows/store-shipment-label"
import { inFlight } from "../lib/in-flight"
import { logJobRun } from "../orchestration/job-runs"

/** Stores labels a crash or an error left on shipment rows (normally done right after creation). */
export default async function storePendingLabels(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  logJobRun(
    container.resolve(ContainerRegistrationKeys.LOGGER),
    config.name,
    context
  )
  await inFlight(() => storeShipmentLabelWorkflow(container).run({ input: {} }))
}

export const config = {
  name: "shipping-services-store-pending-labels",
  schedule: "*/5 * * * *",
}
