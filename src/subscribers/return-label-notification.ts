import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { messageOf } from "../lib/errors"
import { inFlight } from "../lib/in-flight"
import {
  RETURN_LABEL_READY_EVENT,
  returnLabelNotification,
} from "../orchestration/returns/return-labels"
import { shippingOf } from "../modules/shipping-services"

/**
 * `shipping-services.return.label_ready` → the customer's "your return label" notification
 * through Medusa's Notification Module, when the merchant names a template
 * (options.notifications.returnLabel): the label's links in the data, the label attached and the
 * QR code inline. The idempotency key keeps a redelivered event from sending twice.
 */
export default async function returnLabelNotificationSubscriber({
  event,
  container,
}: SubscriberArgs<{ return_id?: string }>) {
  const returnId = event.data.return_id
  if (!returnId) return
  await inFlight(async () => {
    const shipping = shippingOf(container)
    const { notifications } = shipping.getOptions()
    if (!notifications.returnLabel) return
    const notice = await returnLabelNotification(container, returnId)
    if (!notice) return
    try {
      await container.resolve(Modules.NOTIFICATION).createNotifications({
        to: notice.to,
        channel: notifications.channel,
        template: notifications.returnLabel,
        data: notice.data,
        attachments: notice.attachments,
        trigger_type: RETURN_LABEL_READY_EVENT,
        resource_id: returnId,
        resource_type: "return",
        idempotency_key: `shipping-services:${RETURN_LABEL_READY_EVENT}:${returnId}`,
      })
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `shipping-services: the return label notification of return ${returnId} was not sent: ${messageOf(error)}`
        )
    }
  })
}

export const config: SubscriberConfig = {
  event: RETURN_LABEL_READY_EVENT,
  context: { subscriberId: "shipping-services-return-label-notification" },
}
