import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PaymentEvents } from "@medusajs/framework/utils"
import {
  autoFulfillEvent,
  type AutoFulfillSource,
} from "../orchestration/auto-fulfillment/auto-fulfill"
import { withPluginRetry } from "../orchestration/events/plugin-events"
import { inFlight } from "../lib/in-flight"

/** The plugin's copy of a Medusa event whose run failed: emitted with the plugin's retries. */
export const AUTO_FULFILL_RETRY_EVENT =
  "shipping-services.auto_fulfillment.requested"

export type AutoFulfillRetryData = { source: AutoFulfillSource; id: string }

const SOURCES: Record<string, AutoFulfillSource> = {
  "order.placed": "order.placed",
  [PaymentEvents.CAPTURED]: "payment.captured",
  "order.exchange_created": "order.changed",
  "order.claim_created": "order.changed",
  "order-edit.confirmed": "order.changed",
}

/**
 * Labels for a placed order, a captured payment or a confirmed exchange, claim or edit. Medusa
 * emits each once: a failure is handed to the plugin's copy, which the bus retries (a failed
 * copy is thrown to be run again); the order's row makes a second run buy nothing.
 */
export default async function autoFulfill({
  event,
  container,
}: SubscriberArgs<AutoFulfillRetryData & { id?: string; order_id?: string }>) {
  if (event.name === AUTO_FULFILL_RETRY_EVENT) {
    const { source, id } = event.data
    await inFlight(() => autoFulfillEvent(container, source, id))
    return
  }
  const source = SOURCES[event.name]
  const id = source === "order.changed" ? event.data?.order_id : event.data?.id
  if (!source || !id) return
  await inFlight(() =>
    withPluginRetry(
      container,
      { name: AUTO_FULFILL_RETRY_EVENT, data: { source, id } },
      `${source} of ${id}`,
      () => autoFulfillEvent(container, source, id),
      "the sweep for lost orders takes it up"
    )
  )
}

export const config: SubscriberConfig = {
  event: [...Object.keys(SOURCES), AUTO_FULFILL_RETRY_EVENT],
  context: { subscriberId: "shipping-services-auto-fulfill" },
}
