import type { MedusaContainer } from "@medusajs/framework/types"
import {
  autoFulfillOrder,
  CHANGE_WAITS,
} from "../orchestration/auto-fulfillment/auto-fulfill"
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
  // `pending`: released from a hold; `succeeded`: a change came while a round ran; `running`: the recovery's.
  const due = await shipping.listAutoFulfillments(
    {
      status: ["failed", "pending", "succeeded"],
      next_attempt_at: { $lte: now },
    },
    { take: 50, order: { updated_at: "ASC" } }
  )
  for (const record of due) {
    const reopen = record.status === "succeeded"
    const outcome = await autoFulfillOrder(container, record.order_id, {
      reopen,
    })
    // Failed or waiting, the row carries its own retry (or the probe does); still busy, a newer mark.
    const done =
      outcome.status === "succeeded" ||
      (outcome.status === "skipped" && outcome.reason !== CHANGE_WAITS)
    if (reopen && done)
      await shipping
        .attempts()
        .clearChangeDue(record.id, new Date(record.next_attempt_at!))
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
