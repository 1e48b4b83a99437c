import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { inFlight } from "../../lib/in-flight"
import { emitPluginEvents, eventBusOf } from "../events/plugin-events"
import { shippingOf } from "../../modules/shipping-services"

/** The event that makes stored tracking events apply to orders (subscriber: apply-tracking). */
export const TRACKING_STORED_EVENT = "shipping-services.tracking.stored"

const WINDOW_MS = 50
/** Tracking numbers per event: a delivery of 10,000 notifications becomes ten modest events. */
export const NUMBERS_PER_EVENT = 1_000
let pending: Set<string> | null = null
let lastDeliverySeen = 0

/**
 * Announces newly stored events on Medusa's event bus, so applying them works with the Redis
 * event bus and several instances, with retries. Deliveries arriving within 50 ms share one
 * event (or one per 1,000 tracking numbers): the apply path then reads each shipment once, and
 * the receive route stays fast.
 */
export function announceStoredTracking(
  container: MedusaContainer,
  trackingNumbers: string[],
  kind: "tracking" | "locker"
) {
  touchLastDelivery(container, kind)
  if (!trackingNumbers.length) return
  if (pending) {
    trackingNumbers.forEach((t) => pending!.add(t))
    return
  }
  pending = new Set(trackingNumbers)
  void inFlight(async () => {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS).unref?.())
    const numbers = [...(pending ?? [])]
    pending = null
    const events = []
    for (let i = 0; i < numbers.length; i += NUMBERS_PER_EVENT) {
      events.push({
        name: TRACKING_STORED_EVENT,
        data: { tracking_numbers: numbers.slice(i, i + NUMBERS_PER_EVENT) },
      })
    }
    await emitPluginEvents(eventBusOf(container), events).catch((e: unknown) =>
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `shipping-services: could not announce stored tracking events: ${String(e)}; the polling job applies them later`
        )
    )
  })
}

/** "Last delivery seen" for the admin, written at most every 30 s per process. */
function touchLastDelivery(
  container: MedusaContainer,
  kind: "tracking" | "locker"
) {
  const now = Date.now()
  if (now - lastDeliverySeen < 30_000) return
  lastDeliverySeen = now
  const shipping = shippingOf(container)
  shipping
    .listWebhookRegistrations({ type: kind })
    .then(([r]) =>
      r
        ? shipping.updateWebhookRegistrations({
            id: r.id,
            last_delivery_at: new Date(now),
          })
        : undefined
    )
    .catch(() => undefined)
}
