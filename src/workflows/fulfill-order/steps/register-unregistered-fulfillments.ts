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
import { createNotingError } from "./noting-error"
import { shippingOf } from "../../../modules/shipping-services"

export type Registered = {
  /** The fulfillments registered on the order now, oldest first. */
  fulfillment_ids: string[]
  /** Their lines (one entry per fulfillment line). */
  items: { id: string; quantity: number }[]
  /** Lines now fulfilled in full: their reservations were released. */
  fulfilled_line_ids: string[]
}

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
    // A step that throws gets no compensation: what it registered is reverted here.
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
 * A fulfillment Medusa linked but never registered (a process stopped inside its last step group)
 * holds bought labels: registered with Medusa's own call rather than bought again. Never behind a
 * `when`: a skipped step between the claim and the create lets their compensations run out of order.
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
