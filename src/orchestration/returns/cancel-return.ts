import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { returnCancelRefusal } from "../../lib/returns/cancel"
import {
  changeReturnCancelRefusal,
  type OrderChangeRef,
} from "../../lib/returns/order-change"
import { changeOf } from "./change-return-labels"
import { returnLabelScans } from "../../providers/shipping-services/void-shipment"
import { cancelReturnWithLabelsWorkflow } from "../../workflows/cancel-return"
import { isOurProvider } from "../../options/resolve"
import { readReturn, type ReturnRecord } from "./read-return"
import { underReturnLock } from "./return-creation"
import { assertCustomerOrder } from "../tracking/store-tracking"
import { shippingOf } from "../../modules/shipping-services"

export type CanceledReturnView = {
  id: string
  status: string | null
  canceled_at: string | null
}

/** Not canceled. */
function liveFulfillmentsOfOurs(ret: ReturnRecord): string[] {
  return (ret.fulfillments ?? [])
    .filter((f) => !f.canceled_at && isOurProvider(f.provider_id))
    .map((f) => f.id)
}

/** Canceled ones included: a cancel interrupted after its fulfillments is finished by the next request. */
function hasFulfillmentOfOurs(ret: ReturnRecord): boolean {
  return (ret.fulfillments ?? []).some((f) => isOurProvider(f.provider_id))
}

function viewOf(ret: ReturnRecord): CanceledReturnView {
  const at = ret.canceled_at
  return {
    id: ret.id,
    status: ret.status ?? null,
    canceled_at: at ? new Date(at).toISOString() : null,
  }
}

/** NOT_ALLOWED, changing nothing, once items were received or a parcel scanned (the provider checks again). */
async function assertCancelable(
  container: MedusaContainer,
  ret: ReturnRecord,
  fulfillmentIds: string[]
): Promise<void> {
  const shipping = shippingOf(container)
  const rows = fulfillmentIds.length
    ? await shipping.listShipments(
        { fulfillment_id: fulfillmentIds, is_return: true, status: "created" },
        { select: ["id", "tracking_number"] }
      )
    : []
  const scans = await returnLabelScans(shipping, rows)
  const refusal = returnCancelRefusal(ret, [...scans.values()])
  if (refusal) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
}

/**
 * Under the order's return lock, on the return read again under it; refused before anything changes.
 * `cancelReturn: false` leaves the return to Medusa's own route, which runs next.
 */
async function cancelUnderLock(
  container: MedusaContainer,
  ret: Pick<ReturnRecord, "id" | "order_id">,
  options: { cancelReturn: boolean; canceledBy?: string }
): Promise<void> {
  const outcome = await underReturnLock(container, ret.order_id, async () => {
    const current = await readReturn(container, ret.id)
    if (!current || current.canceled_at) return
    const ours = liveFulfillmentsOfOurs(current)
    if (!ours.length && !options.cancelReturn) return
    await assertCancelable(container, current, ours)
    await cancelReturnWithLabelsWorkflow(container).run({
      input: {
        return_id: current.id,
        fulfillment_ids: ours,
        cancel_return: options.cancelReturn,
        canceled_by: options.canceledBy,
      },
    })
  })
  if (outcome === "busy")
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `Another return request of order ${ret.order_id} is being handled: try again in a moment`
    )
}

/** The customer withdraws a return before handing it over; anyone else gets the tracking route's 404. Retries succeed. */
export async function cancelCustomerReturn(
  container: MedusaContainer,
  input: { orderId: string; returnId: string; customerId: string | undefined }
): Promise<{ return: CanceledReturnView }> {
  await assertCustomerOrder(container, input.orderId, input.customerId)
  const notFound = new MedusaError(
    MedusaError.Types.NOT_FOUND,
    `Return with id: ${input.returnId} was not found`
  )
  let ret = await readReturn(container, input.returnId)
  if (!ret || ret.order_id !== input.orderId) throw notFound
  if (ret.canceled_at) return { return: viewOf(ret) }
  if (!hasFulfillmentOfOurs(ret)) throw notFound
  const partOfChange = changeReturnCancelRefusal(ret)
  if (partOfChange)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, partOfChange)
  await cancelUnderLock(container, ret, {
    cancelReturn: true,
    canceledBy: input.customerId,
  })
  ret = (await readReturn(container, input.returnId)) ?? ret
  return { return: viewOf(ret) }
}

/** Cancels our fulfillments (labels withdrawn) first, which cancelReturnWorkflow needs and cannot do; others untouched. */
export async function cancelReturnFulfillmentsForAdmin(
  container: MedusaContainer,
  returnId: string
): Promise<void> {
  const ret = await readReturn(container, returnId)
  if (!ret || ret.canceled_at || !liveFulfillmentsOfOurs(ret).length) return
  await cancelUnderLock(container, ret, { cancelReturn: false })
}

/** Medusa refuses to cancel an exchange or claim whose return has live fulfillments and has no route to cancel them. */
export async function cancelChangeReturnFulfillmentsForAdmin(
  container: MedusaContainer,
  change: OrderChangeRef
): Promise<void> {
  const found = await changeOf(container, change)
  if (found?.return_id)
    await cancelReturnFulfillmentsForAdmin(container, found.return_id)
}
