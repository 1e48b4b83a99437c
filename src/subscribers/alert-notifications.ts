import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { ALERT_EVENT, type Alert } from "../lib/alerts"
import { messageOf } from "../lib/errors"
import { inFlight } from "../lib/in-flight"
import { shippingOf } from "../modules/shipping-services"

/**
 * `shipping-services.alert` → a notification to the merchant through Medusa's Notification
 * Module, when `alerts.template` (and `alerts.to`) are set: the template gets the alert as its
 * data (kind, severity, message, action, and the order or the silence it is about). The alert's
 * id is the idempotency key: a redelivered event sends once. Without a template nothing is sent
 * (subscribe to the event yourself).
 */
export default async function alertNotifications({
  event,
  container,
}: SubscriberArgs<Alert>) {
  await inFlight(async () => {
    const shipping = shippingOf(container)
    const { alerts } = shipping.getOptions()
    if (!alerts.template || !alerts.to) return
    const alert = event.data
    try {
      await container.resolve(Modules.NOTIFICATION).createNotifications({
        to: alerts.to,
        channel: alerts.channel,
        template: alerts.template,
        data: alert as unknown as Record<string, unknown>,
        trigger_type: ALERT_EVENT,
        resource_id: alert.order_id ?? alert.id,
        resource_type: alert.order_id ? "order" : "shipping_services_alert",
        idempotency_key: `shipping-services:alert:${alert.id}`,
      })
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `shipping-services: the ${alert.kind} alert notification was not sent: ${messageOf(error)}`
        )
      throw error
    }
  })
}

export const config: SubscriberConfig = {
  event: ALERT_EVENT,
  context: { subscriberId: "shipping-services-alert-notifications" },
}
