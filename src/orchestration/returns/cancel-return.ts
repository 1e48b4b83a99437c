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

/** What a cancel route answers: the return as it is now. */
export type CanceledReturnView = {
  id: string
  status: string | null
  canceled_at: string | null
}

/** The return's fulfillments of this plugin that are not canceled. */
function liveFulfillmentsOfOurs(ret: ReturnRecord): string[] {
  return (ret.fulfillments ?? [])
    .filter((f) => !f.canceled_at && isOurProvider(f.provider_id))
    .map((f) => f.id)
}

/**
 * Whether the return has any fulfillment of this plugin, canceled ones included: a cancel
 * interrupted after its fulfillments (a stopped process) is finished by the next request.
 */
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

/**
 * Refuses (NOT_ALLOWED, changing nothing) a return that can no longer be canceled: items
 * received, or a parcel the carrier has scanned (the returns library's cancel rule, the rule the
 * provider applies again when it cancels each fulfillment).
 */
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
 * The cancel itself, under the order's return lock (the one creating a return takes; 409 when
 * busy), on the return read again under it (another request may have canceled it meanwhile):
 * refused before anything changes when it can no longer be canceled, then the workflow.
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

/**
 * POST /store/shipping-services/orders/:id/returns/:return_id/cancel: the order's logged-in
 * customer withdraws a return that carries the plugin's labels, before its parcel is handed to
 * the carrier. Anyone else, another order's return, or a return without the plugin's labels: the
 * tracking route's 404. A return canceled already answers as it is (a retried request succeeds).
 */
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

/**
 * Before Medusa's own POST /admin/returns/:id/cancel (the dashboard's "Cancel return"): the
 * return's fulfillments with the plugin's labels are canceled first (labels withdrawn), which
 * Medusa's cancelReturnWorkflow requires and cannot do itself; Medusa's route then cancels the
 * return. Returns without the plugin's live fulfillments are left to Medusa untouched. Refuses,
 * changing nothing, what can no longer be canceled.
 */
export async function cancelReturnFulfillmentsForAdmin(
  container: MedusaContainer,
  returnId: string
): Promise<void> {
  const ret = await readReturn(container, returnId)
  if (!ret || ret.canceled_at || !liveFulfillmentsOfOurs(ret).length) return
  await cancelUnderLock(container, ret, { cancelReturn: false })
}

/**
 * Before Medusa's own POST /admin/exchanges/:id/cancel and /admin/claims/:id/cancel: Medusa
 * refuses to cancel an exchange or a claim whose return has live fulfillments ("All fulfillments
 * must be canceled…") and has no route to cancel them. The return's fulfillments of the plugin
 * are canceled first (their labels withdrawn, never voided; refused in words once a parcel is
 * with the carrier), as for Medusa's "Cancel return"; Medusa's route then cancels the change and
 * its return.
 */
export async function cancelChangeReturnFulfillmentsForAdmin(
  container: MedusaContainer,
  change: OrderChangeRef
): Promise<void> {
  const found = await changeOf(container, change)
  if (found?.return_id)
    await cancelReturnFulfillmentsForAdmin(container, found.return_id)
}
