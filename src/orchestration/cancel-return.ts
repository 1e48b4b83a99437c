import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { returnCancelRefusal } from "../lib/returns/cancel"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../options/resolve"
import { returnLabelScans } from "../providers/shipping-services/void-shipment"
import { cancelReturnWithLabelsWorkflow } from "../workflows/cancel-return"
import { isOurProvider } from "./auto-fulfill"
import { underReturnLock } from "./return-creation"
import { assertCustomerOrder } from "./store-tracking"

type MedusaReturn = {
  id: string
  order_id: string
  status?: string | null
  canceled_at?: Date | string | null
  items?: { received_quantity?: number | string | null }[] | null
  fulfillments?:
    | {
        id: string
        provider_id?: string | null
        canceled_at?: Date | string | null
      }[]
    | null
}

/** What a cancel route answers: the return as it is now. */
export type CanceledReturnView = {
  id: string
  status: string | null
  canceled_at: string | null
}

async function loadReturn(
  container: MedusaContainer,
  returnId: string
): Promise<MedusaReturn | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "return",
    fields: [
      "id",
      "order_id",
      "status",
      "canceled_at",
      "items.received_quantity",
      "fulfillments.id",
      "fulfillments.provider_id",
      "fulfillments.canceled_at",
    ],
    filters: { id: returnId },
  })
  return data[0] as MedusaReturn | undefined
}

/** The return's fulfillments of this plugin that are not canceled. */
function liveFulfillmentsOfOurs(ret: MedusaReturn): string[] {
  return (ret.fulfillments ?? [])
    .filter((f) => !f.canceled_at && isOurProvider(f.provider_id))
    .map((f) => f.id)
}

/**
 * Whether the return has any fulfillment of this plugin, canceled ones included: a cancel
 * interrupted after its fulfillments (a stopped process) is finished by the next request.
 */
function hasFulfillmentOfOurs(ret: MedusaReturn): boolean {
  return (ret.fulfillments ?? []).some((f) => isOurProvider(f.provider_id))
}

function viewOf(ret: MedusaReturn): CanceledReturnView {
  const at = ret.canceled_at
  return {
    id: ret.id,
    status: ret.status ?? null,
    canceled_at: at ? new Date(at).toISOString() : null,
  }
}

/**
 * Refuses (NOT_ALLOWED, changing nothing) a return that can no longer be canceled: items
 * received, or a parcel the carrier has scanned (src/lib/returns/cancel.ts, the rule the
 * provider applies again when it cancels each fulfillment).
 */
async function assertCancelable(
  container: MedusaContainer,
  ret: MedusaReturn,
  fulfillmentIds: string[]
): Promise<void> {
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
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

/** Runs the cancel under the order's return lock (the one creating a return takes); 409 when busy. */
async function underLock(
  container: MedusaContainer,
  orderId: string,
  job: () => Promise<void>
): Promise<void> {
  const outcome = await underReturnLock(container, orderId, job)
  if (outcome === "busy")
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `Another return request of order ${orderId} is being handled: try again in a moment`
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
  let ret = await loadReturn(container, input.returnId)
  if (!ret || ret.order_id !== input.orderId) throw notFound
  if (ret.canceled_at) return { return: viewOf(ret) }
  if (!hasFulfillmentOfOurs(ret)) throw notFound
  await underLock(container, input.orderId, async () => {
    // Read again under the lock: another request may have canceled it meanwhile.
    const current = await loadReturn(container, input.returnId)
    if (!current || current.canceled_at) return
    const ours = liveFulfillmentsOfOurs(current)
    await assertCancelable(container, current, ours)
    await cancelReturnWithLabelsWorkflow(container).run({
      input: {
        return_id: current.id,
        fulfillment_ids: ours,
        cancel_return: true,
        canceled_by: input.customerId,
      },
    })
  })
  ret = (await loadReturn(container, input.returnId)) ?? ret
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
  const ret = await loadReturn(container, returnId)
  if (!ret || ret.canceled_at || !liveFulfillmentsOfOurs(ret).length) return
  await underLock(container, ret.order_id, async () => {
    const current = await loadReturn(container, returnId)
    if (!current || current.canceled_at) return
    const ours = liveFulfillmentsOfOurs(current)
    if (!ours.length) return
    await assertCancelable(container, current, ours)
    await cancelReturnWithLabelsWorkflow(container).run({
      input: {
        return_id: current.id,
        fulfillment_ids: ours,
        cancel_return: false,
      },
    })
  })
}
