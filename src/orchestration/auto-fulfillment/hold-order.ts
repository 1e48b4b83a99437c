import type { MedusaContainer } from "@medusajs/framework/types"
import {
  holdOrderWorkflow,
  releaseOrderWorkflow,
} from "../../workflows/hold-order"
import { actionErrorOf, ShippingActionError } from "../../lib/action-error"
import { autoFulfillOrder } from "./auto-fulfill"
import { fulfillmentPlanOf } from "./fulfill-now"
import { inFlight } from "../../lib/in-flight"
import { findOrder } from "../labels/order-shipments"
import { shippingOf } from "../../modules/shipping-services"

/**
 * "Hold" on Ready to ship: an order an admin wants to look at before it ships (an address to
 * check, a customer to call). Stored on the order's row in shipping_services_auto_fulfillment
 * (status `held`), so the automatic path, its retry job and recovery skip it; only an admin's
 * batch (which selects it on purpose) or a release moves it on. An order whose labels are being
 * bought right now cannot be held (409); one with nothing left to ship neither (400).
 */
export async function holdOrder(
  container: MedusaContainer,
  orderId: string
): Promise<{ order_id: string; status: "held" }> {
  await findOrder(container, orderId)
  const plan = await fulfillmentPlanOf(container, orderId)
  if (!plan.shippable)
    throw new ShippingActionError(
      `Order ${orderId} cannot be held: ${plan.reason}.`,
      plan.ours ? 400 : 400,
      "not_allowed"
    )
  try {
    await holdOrderWorkflow(container).run({
      input: { order_id: orderId, facts: plan.facts },
    })
  } catch (error) {
    const action = actionErrorOf(error, `Order ${orderId} was not held`)
    throw action instanceof ShippingActionError &&
      /being bought/.test(action.message)
      ? new ShippingActionError(action.message, 409, "conflict")
      : action
  }
  return { order_id: orderId, status: "held" }
}

/**
 * Ends a hold: with automatic fulfillment on the order is bought now (and by the retry job if
 * this process stops first: the row is `pending` and due); with it off it waits for an admin.
 */
export async function releaseOrder(
  container: MedusaContainer,
  orderId: string
): Promise<{ order_id: string; status: "pending" | "manual" }> {
  await findOrder(container, orderId)
  const shipping = shippingOf(container)
  const automatic = shipping.getOptions().autoFulfill.enabled
  const status = automatic ? "pending" : "manual"
  try {
    await releaseOrderWorkflow(container).run({
      input: {
        order_id: orderId,
        status,
        next_attempt_at: automatic ? new Date() : null,
      },
    })
  } catch (error) {
    throw actionErrorOf(error, `Order ${orderId} was not released`)
  }
  if (automatic) void inFlight(() => autoFulfillOrder(container, orderId))
  return { order_id: orderId, status }
}
