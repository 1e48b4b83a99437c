import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { updateFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { serviceErrorOf, ShippingActionError } from "../../lib/action-error"
import { messageOf, saysServiceAway } from "../../lib/errors"
import {
  changeOfReturn,
  type OrderChangeRef,
} from "../../lib/returns/order-change"
import { afterFailedPurchase } from "../../lib/returns/waiting-label"
import {
  awaitingReturnLabelOf,
  DATA_KEY,
} from "../../lib/shipments/fulfillment-data"
import {
  awaitingFulfillmentIds,
  loadReturn,
} from "../../workflows/buy-return-labels/steps/load-awaiting-return"
import { buyReturnLabelsWorkflow } from "../../workflows/buy-return-labels"
import { PLUGIN_EVENT_OPTIONS, withPluginRetry } from "../events/plugin-events"
import { underReturnLock } from "./return-creation"

/** `{ kind, id }` of an exchange's or claim's event whose return label was not bought. */
export const CHANGE_RETURN_LABEL_RETRY_EVENT =
  "shipping-services.change_return_label.requested"

export type ChangeReturnLabelOutcome =
  | { status: "bought"; return_id: string; fulfillment_ids: string[] }
  | { status: "skipped"; reason: string }

const ENTITY: Record<OrderChangeRef["kind"], string> = {
  exchange: "order_exchange",
  claim: "order_claim",
}

/** Undefined when gone or canceled. */
export async function changeOf(
  container: MedusaContainer,
  change: OrderChangeRef
): Promise<{ order_id: string; return_id: string | null } | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: ENTITY[change.kind],
    fields: ["id", "order_id", "return_id", "canceled_at"],
    filters: { id: change.id },
  })
  const found = data[0] as
    | {
        order_id: string
        return_id?: string | null
        canceled_at?: Date | string | null
      }
    | undefined
  if (!found || found.canceled_at) return undefined
  return { order_id: found.order_id, return_id: found.return_id ?? null }
}

/**
 * After Medusa confirmed an exchange or claim, buys the return label the provider left waiting (Medusa tells it nothing).
 * Under the order's return lock, so a redelivery finds the label stored. Throws when it cannot buy now; retries
 * take over labels a failed run bought.
 */
export async function changeReturnLabels(
  container: MedusaContainer,
  change: OrderChangeRef
): Promise<ChangeReturnLabelOutcome> {
  const found = await changeOf(container, change)
  if (!found) return { status: "skipped", reason: `no such ${change.kind}` }
  if (!found.return_id)
    return { status: "skipped", reason: `the ${change.kind} returns nothing` }
  const returnId = found.return_id
  const ret = await loadReturn(container, returnId)
  if (!ret || !awaitingFulfillmentIds(ret).length)
    return { status: "skipped", reason: "no return label to buy" }
  let result: { fulfillment_ids: string[] } | undefined
  const outcome = await underReturnLock(container, found.order_id, async () => {
    try {
      const run = await buyReturnLabelsWorkflow(container).run({
        input: {
          return_id: returnId,
          event_options: {
            ...PLUGIN_EVENT_OPTIONS,
            backoff: { ...PLUGIN_EVENT_OPTIONS.backoff },
          },
        },
      })
      result = run.result
    } catch (error) {
      await recordFailedPurchase(container, returnId, error)
      throw error
    }
  })
  if (outcome === "busy")
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `Another return of order ${found.order_id} is being handled: the return label of ${change.kind} ${change.id} is bought once it is done`
    )
  if (!result?.fulfillment_ids.length)
    return { status: "skipped", reason: "the return label was bought already" }
  return {
    status: "bought",
    return_id: returnId,
    fulfillment_ids: result.fulfillment_ids,
  }
}

/** Medusa emits its events once, so a failure is rerun with the plugin's retries (2-32 s on the Redis bus). */
export function changeReturnLabelsWithRetry(
  container: MedusaContainer,
  change: OrderChangeRef
): Promise<ChangeReturnLabelOutcome> {
  return withPluginRetry(
    container,
    { name: CHANGE_RETURN_LABEL_RETRY_EVENT, data: { ...change } },
    `the return label of ${change.kind} ${change.id}`,
    () => changeReturnLabels(container, change)
  )
}

/** Service away or label leased elsewhere spends no attempt; workflow errors arrive as copies, so read the type. */
function notTheLabelsFault(error: unknown): boolean {
  return (
    saysServiceAway(error) ||
    (error as { type?: unknown } | null)?.type === MedusaError.Types.CONFLICT
  )
}

/** Recorded for the widget and the sweep's backoff, under the lock; a failure to record is only logged. */
async function recordFailedPurchase(
  container: MedusaContainer,
  returnId: string,
  error: unknown,
  now = new Date()
): Promise<void> {
  try {
    const ret = await loadReturn(container, returnId)
    for (const f of ret?.fulfillments ?? []) {
      if (!awaitingFulfillmentIds({ ...ret!, fulfillments: [f] }).length)
        continue
      const marker = awaitingReturnLabelOf(f.data)
      if (!marker) continue
      await updateFulfillmentWorkflow(container).run({
        input: {
          id: f.id,
          data: {
            ...(f.data ?? {}),
            [DATA_KEY]: afterFailedPurchase(
              marker,
              { message: messageOf(error), away: notTheLabelsFault(error) },
              now
            ),
          },
        },
      })
    }
  } catch (recordError) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `shipping-services: the failed purchase of return ${returnId}'s label was not recorded: ${messageOf(recordError)}`
      )
  }
}

/** One more purchase through the same path, even when the plugin's attempts are spent; 409 when nothing waits. */
export async function buyWaitingReturnLabelNow(
  container: MedusaContainer,
  returnId: string
): Promise<{ return_id: string; fulfillment_ids: string[] }> {
  const ret = await loadReturn(container, returnId)
  if (!ret)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Return with id: ${returnId} was not found`
    )
  const change = changeOfReturn(ret)
  if (!change || !awaitingFulfillmentIds(ret).length)
    throw new ShippingActionError(
      `Return ${returnId} has no return label waiting to be bought`,
      409,
      "conflict"
    )
  try {
    const outcome = await changeReturnLabels(container, change)
    return {
      return_id: returnId,
      fulfillment_ids:
        outcome.status === "bought" ? outcome.fulfillment_ids : [],
    }
  } catch (error) {
    throw serviceErrorOf(error, "The return label was not bought")
  }
}
