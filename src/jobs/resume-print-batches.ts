import type { MedusaContainer } from "@medusajs/framework/types"
import { resumeBatches } from "../orchestration/batches/run-batch"
import { inFlight } from "../lib/in-flight"

/**
 * Every minute: print batches whose process stopped (a restart, a crash, a deploy) are taken up
 * where their rows say they stopped, once their lease (`recovery.leaseSeconds`) ran out.
 */
export default function resumePrintBatchesJob(container: MedusaContainer) {
  return inFlight(() => resumeBatches(container))
}

export const config = {
  name: "shipping-services-resume-print-batches",
  schedule: "* * * * *",
}
