import { MedusaModule } from "@medusajs/framework/modules-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { DEFAULT_POLL_SCHEDULE, pollScheduleOf } from "../lib/tracking/schedule"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import { pollTrackingSweep } from "../orchestration/tracking-poll"
import { runJob } from "../orchestration/job-runs"
import { PLUGIN_JOBS } from "../lib/jobs"

/**
 * Tracking polling fallback: one sweep (src/orchestration/tracking-poll.ts) per tick of
 * options.polling.schedule. Which shipments are asked about is decided by the data (stale for
 * options.polling.staleAfterMinutes, not waiting after a poll or a failure), so a tick that finds
 * nothing due costs one small query.
 */
export default async function pollTracking(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
) {
  await runJob(container, config.name, context, () =>
    pollTrackingSweep(container)
  )
}

/**
 * Medusa reads `config.schedule` once, when it registers the job at start; by then every module is
 * loaded, so the getter reads the merchant's option from the plugin's module (through the module
 * registry, as jobs get no container at registration). A malformed expression falls back to the
 * default rather than stopping the start.
 */
function scheduleFromOptions(): string {
  const instance = MedusaModule.getModuleInstance(SHIPPING_SERVICES_MODULE) as
    Record<string, ShippingServicesModuleService> | undefined
  const shipping = instance?.[SHIPPING_SERVICES_MODULE]
  if (!shipping) return DEFAULT_POLL_SCHEDULE
  const { schedule, fallback } = pollScheduleOf(shipping.getOptions().polling)
  if (fallback) {
    console.warn(
      `shipping-services: polling.schedule ${JSON.stringify(shipping.getOptions().polling.schedule)} is not a cron expression; using ${DEFAULT_POLL_SCHEDULE}`
    )
  }
  return schedule
}

export const config = {
  name: PLUGIN_JOBS.pollTracking.name,
  get schedule(): string {
    return scheduleFromOptions()
  },
}
