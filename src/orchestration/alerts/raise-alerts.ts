import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  ALERT_EVENT,
  autoFulfillmentFailedAlert,
  silenceDecision,
  SHIPMENTS_WAITING_CAP,
  webhookSilenceAlert,
  type Alert,
  type SilenceDecision,
} from "../../lib/alerts"
import { add, METRICS } from "../../lib/telemetry"
import {
  readSetting,
  writeSetting,
} from "../../modules/shipping-services/settings"
import { emitPluginEvents, eventBusOf } from "../events/plugin-events"
import { shippingOf } from "../../modules/shipping-services"

/** One alert per silence. */
export const SILENCE_SETTING = "alert:webhook-silence"
/** Older labels are lost or never handed over. */
const IN_TRANSIT_DAYS = 30

/** The `shipping-services.alert` event (merchant's and our notification subscribers), a log warning, the metric. */
export async function raiseAlert(
  container: MedusaContainer,
  alert: Alert
): Promise<void> {
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(`shipping-services: alert ${alert.kind}: ${alert.message}`)
  add(METRICS.alerts, 1, { "shipping_services.alert": alert.kind })
  await emitPluginEvents(eventBusOf(container), [
    { name: ALERT_EVENT, data: alert as unknown as Record<string, unknown> },
  ])
}

/** Once per attempt count. */
export async function alertAutoFulfillmentGaveUp(
  container: MedusaContainer,
  failure: {
    order_id: string
    display_id?: number | null
    attempts: number
    last_error?: string | null
  },
  now = new Date()
): Promise<void> {
  await raiseAlert(container, autoFulfillmentFailedAlert({ ...failure, now }))
}

/**
 * Every minute: webhooks silent past alerts.webhookSilenceMinutes while labels are on their way raise one alert per
 * silence. Reads the registration's `last_delivery_at` and one bounded count.
 */
export async function watchWebhookSilence(
  container: MedusaContainer,
  now = new Date()
): Promise<SilenceDecision> {
  const shipping = shippingOf(container)
  const options = shipping.getOptions()
  const silenceMinutes = options.alerts.webhookSilenceMinutes
  const registered =
    options.webhook.enabled && !!options.webhook.publicUrl && silenceMinutes > 0
  if (!registered) return { state: "off" }
  const [registration] = await shipping.listWebhookRegistrations({
    type: "tracking",
  })
  const lastDeliveryAt = registration?.last_delivery_at
    ? new Date(registration.last_delivery_at)
    : null
  const registeredAt = registration?.synced_at
    ? new Date(registration.synced_at)
    : registration?.created_at
      ? new Date(registration.created_at)
      : null
  const since = lastDeliveryAt ?? registeredAt
  const silentFrom = new Date(now.getTime() - silenceMinutes * 60_000)
  // Counted only when silent: most minutes cost the one read above.
  const shipmentsWaiting =
    since && since < silentFrom
      ? await shipping.health().countShipmentsInTransit({
          boughtAfter: new Date(
            now.getTime() - IN_TRANSIT_DAYS * 24 * 60 * 60_000
          ),
          boughtBefore: silentFrom,
          cap: SHIPMENTS_WAITING_CAP,
        })
      : 0
  const alerted = await readSetting<{ since?: string }>(
    shipping,
    SILENCE_SETTING
  )
  const decision = silenceDecision({
    now,
    silenceMinutes,
    registered: !!registration && registration.status === "active",
    lastDeliveryAt,
    registeredAt,
    shipmentsWaiting,
    alertedFor: alerted?.since ?? null,
  })
  if (decision.state !== "alert") return decision
  // Remembered first: two workers never alert the same silence, and a failed emit is not repeated every minute.
  await writeSetting(shipping, SILENCE_SETTING, {
    since: decision.since.toISOString(),
    alerted_at: now.toISOString(),
  })
  await raiseAlert(
    container,
    webhookSilenceAlert({
      since: decision.since,
      minutes: decision.minutes,
      lastDeliveryAt,
      shipmentsWaiting,
      now,
    })
  )
  return decision
}
