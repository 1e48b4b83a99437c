import type { MedusaContainer } from "@medusajs/framework/types"
import { autoFulfillOrder } from "../orchestration/auto-fulfillment/auto-fulfill"
import { fulfillMissedOrders } from "../orchestration/auto-fulfillment/missed-orders"
import { runJob } from "../orchestration/jobs/job-runs"
import { scheduleFromOptions } from "../orchestration/jobs/job-schedule"
import { PLUGIN_JOBS } from "../lib/jobs"
import { resumeAfterOutage } from "../orchestration/outage/service-outage"
import { shippingOf } from "../modules/shipping-services"

/** Nothing is retried while the service is not answering; the sweep for missed orders runs last. */
export default async function retryAutoFulfillments(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () => retryDue(container))
}

async function retryDue(container: MedusaContainer) {
  const shipping = shippingOf(container)
  const now = new Date()
  if (await shipping.availability().read()) return
  await resumeAfterOutage(container)
  // `pending` and due: released from a hold; a stopped process's `running` ones are the recovery's.
  const due = await shipping.listAutoFulfillments(
    { status: ["failed", "pending"], next_attempt_at: { $lte: now } },
    { take: 50, order: { updated_at: "ASC" } }
  )
  for (const record of due) {
    await autoFulfillOrder(container, record.order_id)
  }
  await fulfillMissedOrders(container, now)
}

/** Its schedule is options.recovery.schedule (every minute unless set), read at start. */
export const config = {
  name: PLUGIN_JOBS.retryAutoFulfillments.name,
  get schedule(): string {
    return scheduleFromOptions("recovery")
  },
}
