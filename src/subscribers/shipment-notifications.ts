import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { messageOf } from "../lib/errors"
import {
  shipmentNotificationData,
  type FulfillmentForNotice,
} from "../lib/views/shipment-notification"
import { isOurProvider } from "../options/resolve"
import { inFlight } from "../lib/in-flight"
import { shippingOf } from "../modules/shipping-services"

type Payload = { id: string; no_notification?: boolean }

/**
 * Medusa's shipment.created (a parcel was accepted: the plugin records the shipment through
 * Medusa's own workflow, with the labels) and delivery.created → a customer notification through
 * Medusa's Notification Module, when the merchant names a template (options.notifications). The
 * data carries every parcel's tracking number and link, read from the fulfillment's labels.
 * `no_notification` (on the event, as the order or the admin set it) is honoured; the idempotency
 * key keeps a redelivered event from sending twice.
 */
export default async function shipmentNotifications({
  event,
  container,
}: SubscriberArgs<Payload>) {
  await inFlight(async () => {
    if (event.data.no_notification) return
    const shipping = shippingOf(container)
    const { notifications } = shipping.getOptions()
    const template =
      event.name === "delivery.created"
        ? notifications.delivered
        : notifications.shipped
    if (!template) return
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "fulfillment",
      fields: [
        "id",
        "provider_id",
        "labels.tracking_number",
        "labels.tracking_url",
        "items.title",
        "items.quantity",
        "items.line_item_id",
        "order.id",
        "order.display_id",
        "order.email",
        "order.no_notification",
      ],
      filters: { id: event.data.id },
    })
    const fulfillment = data[0] as
      (FulfillmentForNotice & { provider_id?: string | null }) | undefined
    if (
      !fulfillment ||
      !isOurProvider(fulfillment.provider_id) ||
      fulfillment.order?.no_notification
    )
      return
    const notice = shipmentNotificationData(
      fulfillment,
      await replacementOf(container, fulfillment)
    )
    if (!notice || !fulfillment.order?.email) return
    try {
      await container.resolve(Modules.NOTIFICATION).createNotifications({
        to: fulfillment.order.email,
        channel: notifications.channel,
        template,
        data: notice,
        trigger_type: event.name,
        resource_id: fulfillment.id,
        resource_type: "fulfillment",
        idempotency_key: `shipping-services:${event.name}:${fulfillment.id}`,
      })
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `shipping-services: the ${event.name} notification of fulfillment ${fulfillment.id} was not sent: ${messageOf(error)}`
        )
    }
  })
}

/** The exchange or claim that added the fulfillment's lines (their ITEM_ADD actions), if any. */
async function replacementOf(
  container: Parameters<typeof shipmentNotifications>[0]["container"],
  fulfillment: FulfillmentForNotice
) {
  const lineIds = (fulfillment.items ?? [])
    .map((i) => i.line_item_id)
    .filter((id): id is string => !!id)
  if (!lineIds.length || !fulfillment.order?.id) return null
  const actions = (await container
    .resolve(Modules.ORDER)
    .listOrderChangeActions(
      // Columns of the action the declared filter type leaves out.
      {
        order_id: fulfillment.order.id,
        action: "ITEM_ADD",
      } as Record<string, unknown>,
      { select: ["details", "exchange_id", "claim_id"], take: 1_000 }
    )) as unknown as {
    details?: { reference_id?: string } | null
    exchange_id?: string | null
    claim_id?: string | null
  }[]
  const added = actions.find(
    (a) =>
      a.details?.reference_id &&
      lineIds.includes(a.details.reference_id) &&
      (a.exchange_id || a.claim_id)
  )
  if (!added) return null
  return added.exchange_id
    ? { type: "exchange" as const, id: added.exchange_id }
    : { type: "claim" as const, id: added.claim_id! }
}

export const config: SubscriberConfig = {
  event: ["shipment.created", "delivery.created"],
  context: { subscriberId: "shipping-services-shipment-notifications" },
}
