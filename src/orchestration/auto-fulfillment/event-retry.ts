import type { MedusaContainer } from "@medusajs/framework/types"
import { withPluginRetry } from "../events/plugin-events"

/**
 * The plugin's own copy of a Medusa event whose subscriber failed, run again with the plugin's
 * retries (PLUGIN_EVENT_OPTIONS: 2, 4, 8, 16 and 32 s later on the Redis event bus).
 */
export const AUTO_FULFILL_RETRY_EVENT =
  "shipping-services.auto_fulfillment.requested"

export type AutoFulfillSource =
  "order.placed" | "payment.captured" | "order.changed"
export type AutoFulfillRetryData = { source: AutoFulfillSource; id: string }

/**
 * Runs the plugin's subscriber of a Medusa event once, and when it fails, hands the event to the
 * plugin's own retries. Medusa emits `order.placed` and `payment.captured` once, without retries:
 * a subscriber that fails before the order's row is written (the database restarting under it)
 * leaves the order to the sweep for lost events, which looks only at orders two minutes old
 * (the sweep for missed orders); measured in the platform-faults cluster test, 51 s of
 * waiting after the faults. With the copy the order is tried again seconds later. Running it
 * again is safe: the order's row is claimed once, so a second run buys nothing. If the copy
 * cannot be emitted either (Redis away too), the sweep is still there. The failure is thrown on,
 * so Medusa logs it as before.
 */
export function withAutoFulfillRetry<T>(
  container: MedusaContainer,
  data: AutoFulfillRetryData,
  run: () => Promise<T>
): Promise<T> {
  return withPluginRetry(
    container,
    { name: AUTO_FULFILL_RETRY_EVENT, data },
    `${data.source} of ${data.id}`,
    run,
    "the sweep for lost orders takes it up"
  )
}
