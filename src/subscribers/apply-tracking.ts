import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { applyTrackingNumbers } from "../orchestration/tracking/apply-tracking"
import { TRACKING_STORED_EVENT } from "../orchestration/tracking/tracking-announcer"
import { inFlight } from "../lib/in-flight"

/** Newly stored tracking events (webhook or polling) → shipments → Medusa's order status. */
export default async function applyStoredTracking({
  event,
  container,
}: SubscriberArgs<{ tracking_numbers: string[] }>) {
  await inFlight(() =>
    applyTrackingNumbers(container, event.data.tracking_numbers ?? [])
  )
}

export const config: SubscriberConfig = {
  event: TRACKING_STORED_EVENT,
  context: { subscriberId: "shipping-services-apply-tracking" },
}
