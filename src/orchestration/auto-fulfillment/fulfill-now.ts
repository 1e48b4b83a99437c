import type { MedusaContainer } from "@medusajs/framework/types"
import type { OrderFacts } from "../../lib/auto-fulfillment/attempts"
import { planFulfillment } from "./fulfillment-plan"
import { ourShippingOptionWithService } from "./shipping-option-facts"
import {
  burstLimiter,
  runFulfillOrder,
  STALE,
  waitingWords,
  withFreshPlan,
} from "./run-fulfill-order"
import { shippingOf } from "../../modules/shipping-services"

export type AdminFulfillOutcome =
  | { status: "succeeded"; fulfillment_ids: string[] }
  /** Nothing left to fulfill. */
  | { status: "fulfilled"; reason: string }
  | { status: "refused"; reason: string }
  | { status: "busy"; reason: string }
  | { status: "failed"; error: Record<string, unknown> }
  | { status: "waiting"; reason: string }

/** A print batch: the automatic path's claim, whatever automatic fulfillment says; no retry scheduled. */
export async function fulfillOrderNow(
  container: MedusaContainer,
  orderId: string
): Promise<AdminFulfillOutcome> {
  const shipping = shippingOf(container)
  return burstLimiter(shipping.getOptions().http.concurrency).run(() =>
    withFreshPlan(
      () => fulfillOnce(container, orderId),
      (reason): AdminFulfillOutcome => ({ status: "busy", reason })
    )
  )
}

async function fulfillOnce(
  container: MedusaContainer,
  orderId: string
): Promise<AdminFulfillOutcome | typeof STALE> {
  const shipping = shippingOf(container)
  const seen = await shipping.attempts().seen(orderId)
  const plan = await planFulfillment(container, orderId)
  if ("reason" in plan && (!plan.ours || plan.canceled))
    return { status: "refused", reason: plan.reason }
  if ("reason" in plan) {
    const [existing] = await shipping.listAutoFulfillments({
      order_id: orderId,
    })
    if (
      existing?.status === "running" &&
      existing.lease_until &&
      new Date(existing.lease_until).getTime() > Date.now()
    ) {
      return {
        status: "busy",
        reason: "its labels are being stored by another process",
      }
    }
    return { status: "fulfilled", reason: plan.reason }
  }
  const outage = await shipping.availability().outage()
  if (outage) return { status: "waiting", reason: waitingWords(outage) }
  const run = await runFulfillOrder(container, orderId, "admin", plan, {
    now: new Date(),
    planned_on: seen?.version ?? null,
  })
  if ("error" in run)
    return run.recorded?.status === "waiting" || run.error.away === true
      ? { status: "waiting", reason: String(run.error.message) }
      : { status: "failed", error: run.error }
  const { claim, fulfillment_ids } = run.result
  if (!claim.claimed && claim.stale) return STALE
  if (!claim.claimed) return { status: "busy", reason: claim.reason }
  return { status: "succeeded", fulfillment_ids }
}

/** Whether an order can be fulfilled by the plugin now, and the facts of its row (Ready to ship, holds). */
export async function fulfillmentPlanOf(
  container: MedusaContainer,
  orderId: string
): Promise<
  | { shippable: true; facts: OrderFacts }
  | { shippable: false; reason: string; ours: boolean; facts?: OrderFacts }
> {
  const plan = await planFulfillment(container, orderId)
  if ("reason" in plan)
    return {
      shippable: false,
      reason: plan.reason,
      ours: plan.ours && !plan.canceled,
      facts: plan.facts,
    }
  return { shippable: true, facts: plan.facts }
}

/** The order's shipping option of this provider, if any. */
export async function ourShippingOptionOf(
  container: MedusaContainer,
  order: { shipping_methods?: { shipping_option_id?: string | null }[] }
): Promise<string | undefined> {
  return (await ourShippingOptionWithService(container, order))?.id
}
