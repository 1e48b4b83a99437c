import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { messageOf } from "../../lib/errors"
import {
  changeOfReturn,
  type OrderChangeRef,
} from "../../lib/returns/order-change"
import {
  nextReturnLabelAttempt,
  waitingReturnLabelView,
  type RetryPolicy,
  type WaitingReturnLabelView,
} from "../../lib/returns/waiting-label"
import {
  awaitingReturnLabelOf,
  type AwaitingReturnLabel,
} from "../../lib/shipments/fulfillment-data"
import type { PluginOptions } from "../../options/schema"
import { PROVIDER_IDENTIFIER } from "../../options/resolve"
import {
  awaitingFulfillmentIds,
  queryReturns,
  type MedusaReturn,
} from "../../workflows/buy-return-labels/steps/load-awaiting-return"
import { changeReturnLabels } from "./change-return-labels"
import { shippingOf } from "../../modules/shipping-services"

/** Older returns are the merchant's to handle. */
const SWEEP_PAGE = 50
const SWEEP_DAYS = 14

/** The automatic fulfillment's attempts and backoff. */
export function returnLabelRetryPolicy(
  options: Pick<PluginOptions, "autoFulfill">
): RetryPolicy {
  return {
    maxAttempts: options.autoFulfill.maxAttempts,
    backoffMs: options.autoFulfill.backoffMs,
    quietMs: 2 * 60_000,
  }
}

export async function waitingChangeReturns(
  container: MedusaContainer,
  filters: Record<string, unknown>,
  take = SWEEP_PAGE
): Promise<
  {
    ret: MedusaReturn
    fulfillmentId: string
    marker: AwaitingReturnLabel
    /** When Medusa confirmed the change. */
    waitingSince: Date | string
  }[]
> {
  const returns = await queryReturns(
    container,
    {
      canceled_at: null,
      $or: [{ exchange_id: { $ne: null } }, { claim_id: { $ne: null } }],
      ...filters,
    },
    take
  )
  return returns.flatMap((ret) =>
    (ret.fulfillments ?? []).flatMap((f) => {
      const marker = awaitingReturnLabelOf(f.data)
      return marker &&
        awaitingFulfillmentIds({ ...ret, fulfillments: [f] }).length
        ? [
            {
              ret,
              fulfillmentId: f.id,
              marker,
              waitingSince: f.created_at ?? ret.created_at ?? new Date(),
            },
          ]
        : []
    })
  )
}

/**
 * The sweep on recovery.schedule: labels whose event was lost, retries ran out during an outage, or backoff passed,
 * up to autoFulfill.maxAttempts. Nothing during an outage. Returns how many were bought.
 */
export async function retryWaitingReturnLabels(
  container: MedusaContainer,
  now = new Date()
): Promise<number> {
  const shipping = shippingOf(container)
  if (await shipping.availability().read()) return 0
  const policy = returnLabelRetryPolicy(shipping.getOptions())
  const found = await shipping.medusa().waitingReturnFulfillments({
    providerPrefix: `${PROVIDER_IDENTIFIER}_`,
    since: new Date(now.getTime() - SWEEP_DAYS * 86_400_000),
    maxAttempts: policy.maxAttempts,
    limit: SWEEP_PAGE,
  })
  if (!found.length) return 0
  const waiting = await waitingChangeReturns(container, {
    id: [...new Set(found.map((f) => f.return_id))],
  })
  const due = new Map<string, OrderChangeRef>()
  for (const { ret, marker, waitingSince } of waiting) {
    const at = nextReturnLabelAttempt(marker, waitingSince, policy)
    const change = changeOfReturn(ret)
    if (change && at && at <= now) due.set(ret.id, change)
  }
  let bought = 0
  for (const change of due.values()) {
    try {
      const outcome = await changeReturnLabels(container, change)
      if (outcome.status === "bought") bought += outcome.fulfillment_ids.length
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `shipping-services: the return label of ${change.kind} ${change.id} was not bought yet: ${messageOf(error)}`
        )
    }
  }
  return bought
}

/** For the order widget. */
export async function waitingReturnLabelsOf(
  container: MedusaContainer,
  orderId: string,
  options: Pick<PluginOptions, "autoFulfill">
): Promise<WaitingReturnLabelView[]> {
  const policy = returnLabelRetryPolicy(options)
  return (
    await waitingChangeReturns(container, { order_id: orderId }, 100)
  ).map(({ ret, fulfillmentId, marker, waitingSince }) =>
    waitingReturnLabelView({
      ret,
      fulfillmentId,
      marker,
      waitingSince: waitingSince,
      policy,
    })
  )
}
