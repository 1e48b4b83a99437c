import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type {
  IOrderModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import {
  PROVIDER_IDENTIFIER,
  SHIPPING_SERVICES_MODULE,
} from "../../../options/resolve"
import { createNotingError } from "./create-order-fulfillment"

export type Registered = {
  /** The fulfillments registered on the order now, oldest first. */
  fulfillment_ids: string[]
  /** Their lines (one entry per fulfillment line). */
  items: { id: string; quantity: number }[]
  /** Lines now fulfilled in full: their reservations are Medusa's to release. */
  fulfilled_line_ids: string[]
}

/** What the compensation needs: the order and how many versions this step added to it. */
type Made = { order_id: string | null; n: number }

/** The lines still to fulfil once `registered` counts: what the create step is given. */
export function remainingItems(
  planned: { id: string; quantity: number }[],
  registered: { id: string; quantity: number }[]
): { id: string; quantity: number }[] {
  const done = new Map<string, number>()
  for (const item of registered)
    done.set(item.id, (done.get(item.id) ?? 0) + item.quantity)
  return planned
    .map((item) => ({
      id: item.id,
      quantity: item.quantity - (done.get(item.id) ?? 0),
    }))
    .filter((item) => item.quantity > 0)
}

async function register(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  orderId: string
): Promise<StepResponse<Registered, Made>> {
  const found = await shipping.unregisteredOrderFulfillments({
    orderId,
    providerPrefix: `${PROVIDER_IDENTIFIER}_`,
  })
  if (!found.length)
    return new StepResponse(
      { fulfillment_ids: [], items: [], fulfilled_line_ids: [] },
      { order_id: null, n: 0 }
    )
  const orders: IOrderModuleService = container.resolve(Modules.ORDER)
  let n = 0
  try {
    for (const fulfillment of found) {
      await orders.registerFulfillment({
        order_id: orderId,
        reference: Modules.FULFILLMENT,
        reference_id: fulfillment.id,
        items: fulfillment.items,
      })
      n++
    }
  } catch (error) {
    // A step that throws gets no compensation: the ones registered before are reverted here.
    for (let i = 0; i < n; i++) await orders.revertLastVersion(orderId)
    throw error
  }
  const order = await orders.retrieveOrder(orderId, {
    relations: ["items", "items.detail"],
  })
  const lines = new Set(found.flatMap((f) => f.items.map((i) => i.id)))
  const fulfilled_line_ids = (order.items ?? [])
    .filter(
      (item) =>
        lines.has(item.id) &&
        Number(item.detail?.fulfilled_quantity ?? 0) >= Number(item.quantity)
    )
    .map((item) => item.id)
  container
    .resolve("logger")
    .warn(
      `shipping-services: order ${orderId}: fulfillment ${found.map((f) => f.id).join(", ")} had its labels but was never registered on the order (a process stopped inside Medusa's createOrderFulfillmentWorkflow); registered now instead of buying the labels again`
    )
  return new StepResponse(
    {
      fulfillment_ids: found.map((f) => f.id),
      items: found.flatMap((f) => f.items),
      fulfilled_line_ids,
    },
    { order_id: orderId, n }
  )
}

/**
 * Runs after the claim (this attempt holds the order's lease, so no other attempt of the plugin
 * works on the order): a fulfillment of this provider that Medusa linked to the order but never
 * registered on it (ShippingServicesModuleService.unregisteredOrderFulfillments: a process
 * stopped inside createOrderFulfillmentWorkflow's last step group) holds labels bought and
 * stored for these lines. It is registered on the order with Medusa's own call
 * (registerFulfillment, the one createOrderFulfillmentWorkflow's registerOrderFulfillmentStep
 * makes), instead of a second fulfillment buying them again. Compensation: Medusa's own, the
 * order's last version reverted once per fulfillment registered. A failure's words go on the
 * attempt first, as the create step's do.
 */
export const registerUnregisteredFulfillmentsStep = createStep(
  "shipping-services-register-unregistered-fulfillments",
  async (
    input: { order_id: string; record_id: string; attempts: number },
    { container }
  ) => {
    const shipping: ShippingServicesModuleService = container.resolve(
      SHIPPING_SERVICES_MODULE
    )
    return createNotingError(
      () => register(container, shipping, input.order_id),
      (lastError) =>
        shipping.noteAutoFulfillmentError(input.record_id, {
          attempts: input.attempts,
          last_error: lastError,
        })
    )
  },
  async (made: Made | undefined, { container }) => {
    if (!made?.order_id) return
    const orders: IOrderModuleService = container.resolve(Modules.ORDER)
    for (let i = 0; i < made.n; i++)
      await orders.revertLastVersion(made.order_id)
  }
)
