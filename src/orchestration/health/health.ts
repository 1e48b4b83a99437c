import type { MedusaContainer } from "@medusajs/framework/types"
import { SHIPMENTS_WAITING_CAP } from "../../lib/alerts"
import { pollScheduleOf } from "../../lib/tracking/schedule"
import { recoveryScheduleOf } from "../../lib/jobs"
import { healthView, type HealthView } from "../../lib/views/health-view"
import { PROVIDER_IDENTIFIER } from "../../options/resolve"
import { halfMadeAfterSeconds } from "../recovery/orphans"
import { shippingOf } from "../../modules/shipping-services"

const HOUR = 60 * 60_000
/** As the webhook watch counts. */
const IN_TRANSIT_MS = 30 * 24 * HOUR

/** Every query is an aggregate over a window or an index (plus recovery's bounded half-made lookup). */
export async function shippingServicesHealth(
  container: MedusaContainer,
  now = new Date()
): Promise<HealthView> {
  const shipping = shippingOf(container)
  const options = shipping.getOptions()
  const silenceMs = options.alerts.webhookSilenceMinutes * 60_000
  const [figures, halfMade, shipmentsWaiting, outage, ordersWaiting] =
    await Promise.all([
      shipping.health().figures({
        since: new Date(now.getTime() - HOUR),
        day: new Date(now.getTime() - 24 * HOUR),
      }),
      shipping.medusa().halfMadeFulfillments({
        providerPrefix: `${PROVIDER_IDENTIFIER}_`,
        olderThanSeconds: halfMadeAfterSeconds(options.recovery.leaseSeconds),
        limit: 100,
      }),
      silenceMs > 0
        ? shipping.health().countShipmentsInTransit({
            boughtAfter: new Date(now.getTime() - IN_TRANSIT_MS),
            boughtBefore: new Date(now.getTime() - silenceMs),
            cap: SHIPMENTS_WAITING_CAP,
          })
        : Promise.resolve(0),
      shipping.availability().readRecord(),
      shipping.queue().countWaitingForService(),
    ])
  return healthView(
    {
      ...figures,
      half_made: halfMade.length,
      shipments_waiting: shipmentsWaiting,
      service: { record: outage, orders_waiting: ordersWaiting },
    },
    {
      webhookSilenceMinutes: options.alerts.webhookSilenceMinutes,
      webhooksExpected: options.webhook.enabled && !!options.webhook.publicUrl,
      pollSchedule: pollScheduleOf(options.polling).schedule,
      recoverySchedule: recoveryScheduleOf(options.recovery).schedule,
      autoFulfillMaxAttempts: options.autoFulfill.maxAttempts,
    },
    now
  )
}
