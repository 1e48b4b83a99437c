import type { MedusaContainer } from "@medusajs/framework/types"
import { inFlight } from "../orchestration/in-flight"
import { recoverInterruptedWork } from "../orchestration/recovery"

/**
 * Every minute: purchases and automatic fulfilments that a stopped process left behind are
 * settled and finished, and labels no fulfillment took are voided or shown
 * (src/orchestration/recovery.ts). With `recovery.leaseSeconds` 30, work of a process killed on
 * another worker is taken over within about a minute and a half.
 */
export default function recoverInterruptedWorkJob(container: MedusaContainer) {
  return inFlight(() => recoverInterruptedWork(container))
}

export const config = {
  name: "shipping-services-recover-interrupted-work",
  schedule: "* * * * *",
}
