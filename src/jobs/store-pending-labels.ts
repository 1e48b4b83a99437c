import type { MedusaContainer } from "@medusajs/framework/types"
import { storeShipmentLabelWorkflow } from "../workflows/store-shipment-label"
import { inFlight } from "../orchestration/in-flight"

/** Stores labels a crash or an error left on shipment rows (normally done right after creation). */
export default async function storePendingLabels(container: MedusaContainer) {
  await inFlight(() => storeShipmentLabelWorkflow(container).run({ input: {} }))
}

export const config = {
  name: "shipping-services-store-pending-labels",
  schedule: "*/5 * * * *",
}
