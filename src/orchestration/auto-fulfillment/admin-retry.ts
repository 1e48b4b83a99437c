import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  autoFulfillmentView,
  type AutoFulfillmentView,
} from "../../lib/views/auto-fulfillment-view"
import { ShippingActionError } from "../../lib/action-error"
import { autoFulfillOrder, type AutoFulfillOutcome } from "./auto-fulfill"
import { findOrder } from "../labels/order-shipments"
import { shippingOf } from "../../modules/shipping-services"

/** An admin's "try again now": the job's path, one attempt more even when they are used up. */
export async function retryAutoFulfillment(
  container: MedusaContainer,
  orderId: string
): Promise<{
  outcome: AutoFulfillOutcome
  auto_fulfillment: AutoFulfillmentView | null
}> {
  await findOrder(container, orderId)
  const shipping = shippingOf(container)
  const { maxAttempts } = shipping.getOptions().autoFulfill
  const [record] = await shipping.listAutoFulfillments({ order_id: orderId })
  if (!record)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      "This order has no automatic fulfillment to retry (its shipping method is not a shipping-services option, or it was placed before the plugin)."
    )
  if (record.status !== "failed" && record.status !== "waiting") {
    throw new ShippingActionError(
      `The automatic fulfillment of this order is ${record.status}: only a failed or waiting one can be retried.`,
      409,
      "conflict"
    )
  }
  const outcome = await autoFulfillOrder(container, orderId, {
    extraAttempt: true,
  })
  const [after] = await shipping.listAutoFulfillments({ order_id: orderId })
  const view = autoFulfillmentView(after, maxAttempts)
  if (outcome.status === "failed")
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The automatic fulfillment failed again: ${outcome.error}`
    )
  if (outcome.status === "waiting")
    throw new ShippingActionError(
      `${outcome.reason}.`,
      502,
      "shipping_service_error"
    )
  if (outcome.status === "skipped")
    throw new ShippingActionError(
      `Nothing was fulfilled: ${outcome.reason}.`,
      409,
      "conflict"
    )
  return { outcome, auto_fulfillment: view }
}
