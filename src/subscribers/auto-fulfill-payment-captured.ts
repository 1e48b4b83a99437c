import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PaymentEvents } from "@medusajs/framework/utils"
import { paymentCaptured } from "../orchestration/auto-fulfillment/auto-fulfill"
import { withAutoFulfillRetry } from "../orchestration/auto-fulfillment/event-retry"
import { inFlight } from "../lib/in-flight"

/**
 * payment.captured → the order's fulfillment and labels, when `autoFulfill.on` is "captured" and
 * the order's payment is now captured in full (otherwise nothing). A failure is run again with
 * the plugin's retries (its event retry): Medusa emits payment.captured once.
 */
export default async function autoFulfillOnPaymentCaptured({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await inFlight(() =>
    withAutoFulfillRetry(
      container,
      { source: "payment.captured", id: event.data.id },
      () => paymentCaptured(container, event.data.id)
    )
  )
}

export const config: SubscriberConfig = {
  event: PaymentEvents.CAPTURED,
  context: { subscriberId: "shipping-services-auto-fulfill-captured" },
}
