import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type {
  IInventoryService,
  ILockingModule,
  IOrderModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import { PROVIDER_IDENTIFIER } from "../../../options/resolve"
import { createNotingError } from "./create-order-fulfillment"
import { shippingOf } from "../../../modules/shipping-services"

export type Registered = {
  /** The fulfillments registered on the order now, oldest first. */
  fulfillment_ids: string[]
  /** Their lines (one entry per fulfillment line). */
  items: { id: string; quantity: number }[]
  /** Lines now fulfilled in full: their reservations were released. */
  fulfilled_line_ids: string[]
}

/**
 * What the compensation needs: the order, how many versions this step added to it, and the
 * lines whose reservations it released (with their inventory items, to lock as Medusa does).
 */
type Made = {
  order_id: string | null
  n: number
  released?: { line_ids: string[]; inventory_item_ids: string[] }
}

const NONE: Registered = {
  fulfillment_ids: [],
  items: [],
  fulfilled_line_ids: [],
}

async function register(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  orderId: string
): Promise<StepResponse<Registered, Made>> {
  const found = await shipping.medusa().unregisteredOrderFulfillments({
    orderId,
    providerPrefix: `${PROVIDER_IDENTIFIER}_`,
  })
  if (!found.length) return new StepResponse(NONE, { order_id: null, n: 0 })
  const orders: IOrderModuleService = container.resolve(Modules.ORDER)
  let n = 0
  let fulfilled_line_ids: string[]
  let released: Made["released"]
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
    const order = await orders.retrieveOrder(orderId, {
      relations: ["items", "items.detail"],
    })
    const lines = new Set(found.flatMap((f) => f.items.map((i) => i.id)))
    fulfilled_line_ids = (order.items ?? [])
      .filter(
        (item) =>
          lines.has(item.id) &&
          Number(item.detail?.fulfilled_quantity ?? 0) >= Number(item.quantity)
      )
      .map((item) => item.id)
    // The reservations Medusa's last step group did not release (it deletes those of lines
    // fulfilled in full): released the way its deleteReservationsByLineItemsStep does.
    released = await releaseReservations(container, fulfilled_line_ids)
  } catch (error) {
    // A step that throws gets no compensation: what it registered is reverted here, so that a
    // failure after the registrations (reading the order, releasing reservations) leaves the
    // order as it found it for the next attempt.
    for (let i = 0; i < n; i++) await orders.revertLastVersion(orderId)
    throw error
  }
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
    { order_id: orderId, n, released }
  )
}

async function releaseReservations(
  container: MedusaContainer,
  lineIds: string[]
): Promise<Made["released"]> {
  if (!lineIds.length) return undefined
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  const locking: ILockingModule = container.resolve(Modules.LOCKING)
  const reservations = await inventory.listReservationItems(
    { line_item_id: lineIds },
    { select: ["id", "inventory_item_id"] }
  )
  const inventory_item_ids = [
    ...new Set(reservations.map((r) => r.inventory_item_id)),
  ]
  if (!inventory_item_ids.length) return undefined
  await locking.execute(inventory_item_ids, () =>
    inventory.deleteReservationItemsByLineItem(lineIds)
  )
  return { line_ids: lineIds, inventory_item_ids }
}

export type RegisterInput = {
  order_id: string
  /** The claim's row and attempt; null when the claim was not made. */
  record_id: string | null
  attempts: number
  first: boolean
}

export const registerUnregisteredFulfillmentsStepId =
  "shipping-services-register-unregistered-fulfillments"
/**
 * Runs after the claim (this attempt holds the order's lease, so no other attempt of the plugin
 * works on the order): a fulfillment of this provider that Medusa linked to the order but never
 * registered on it (ShippingServicesModuleService.unregisteredOrderFulfillments: a process
 * stopped inside createOrderFulfillmentWorkflow's last step group) holds labels bought and
 * stored for these lines. It is registered on the order with Medusa's own call
 * (registerFulfillment, the one createOrderFulfillmentWorkflow's registerOrderFulfillmentStep
 * makes), instead of a second fulfillment buying them again. Compensation: Medusa's own, the
 * order's last version reverted once per fulfillment registered, the reservations restored. A
 * failure's words go on the attempt first, as the create step's do.
 *
 * Always a step of the workflow, never behind a `when`: Medusa's orchestrator compensates a step
 * once the steps right after it are compensated or never ran, so a skipped step between the claim
 * and the create would let the claim give the attempt back (failed) while the create's
 * compensation still cancels its fulfillment (CI saw both orders). It does nothing for a claim not
 * made, or made on a row of its own (`first`: no earlier attempt can have left a fulfillment).
 */
export const registerUnregisteredFulfillmentsStep = createStep(
  registerUnregisteredFulfillmentsStepId,
  async (input: RegisterInput, { container }) => {
    if (!input.record_id || input.first)
      return new StepResponse(NONE, { order_id: null, n: 0 } as Made)
    const record_id = input.record_id
    const shipping = shippingOf(container)
    return createNotingError(
      () => register(container, shipping, input.order_id),
      (lastError) =>
        shipping.attempts().noteError(record_id, {
          attempts: input.attempts,
          last_error: lastError,
        })
    )
  },
  async (made: Made | undefined, { container }) => {
    if (!made?.order_id) return
    if (made.released) {
      const { line_ids, inventory_item_ids } = made.released
      const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
      const locking: ILockingModule = container.resolve(Modules.LOCKING)
      await locking.execute(inventory_item_ids, () =>
        inventory.restoreReservationItemsByLineItem(line_ids)
      )
    }
    const orders: IOrderModuleService = container.resolve(Modules.ORDER)
    for (let i = 0; i < made.n; i++)
      await orders.revertLastVersion(made.order_id)
  }
)
