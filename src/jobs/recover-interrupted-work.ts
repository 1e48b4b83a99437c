import type { MedusaContainer } from "@medusajs/framework/types"
import { inFlight } from "../lib/in-flight"
import { recoverInterruptedWork } from "../orchestration/recovery"
import { registerStartUp } from "../lib/start-up"
import { onShippingServicesStart } from "../orchestration/boot"

// Workers and shared instances load the jobs before Medusa runs the modules' start hooks: the
// plugin's start-up work goes to its module here (servers: src/api/middlewares.ts).
registerStartUp(onShippingServicesStart)

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
