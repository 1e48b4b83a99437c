import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import {
  nextAttemptAt,
  type OrderFacts,
} from "../../lib/auto-fulfillment/attempts"
import { settleCanceledOrderWorkflow } from "../../workflows/settle-canceled-order"
import { awaitAdminFulfillmentWorkflow } from "../../workflows/await-admin-fulfillment"
import { alertAutoFulfillmentGaveUp } from "../alerts/raise-alerts"
import { add, METRICS, SPANS, withSpan } from "../../lib/telemetry"
import { NOTHING_LEFT, planFulfillment } from "./fulfillment-plan"
import { orderCapturedInFull, orderOfPayment } from "./payments"
import {
  burstLimiter,
  EMPTY_FACTS,
  runFulfillOrder,
  STALE,
  waitingWords,
  withFreshPlan,
} from "./run-fulfill-order"
import { shippingOf } from "../../modules/shipping-services"

export type AutoFulfillOutcome =
  | { status: "succeeded"; fulfillment_ids: string[] }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string; retry_at: Date | null }
  /** The service is not answering: no attempt was spent. */
  | { status: "waiting"; reason: string }

export { nextAttemptAt, type OrderFacts }

export type AttemptOptions = {
  /** Its retry time counts from here. */
  now?: Date
  /** An admin's "try again now": one more attempt even when the automatic ones are used up. */
  extraAttempt?: boolean
  /** The order was just placed: no order change can be in progress (one read less). */
  placed?: boolean
  /** An exchange, claim or edit: a fulfilled order is taken up again for the lines it added. */
  reopen?: boolean
}

const CHANGE_IN_PROGRESS_WAIT_MS = 60_000

/**
 * Every automatic attempt (event, job, admin's retry, recovery): the order's row is claimed once,
 * so a repeated call buys nothing more; a failure is retried with backoff by the job.
 */
export async function autoFulfillOrder(
  container: MedusaContainer,
  orderId: string,
  attempt: AttemptOptions = {}
): Promise<AutoFulfillOutcome> {
  const shipping = shippingOf(container)
  const options = shipping.getOptions()
  if (!options.autoFulfill.enabled)
    return { status: "skipped", reason: "automatic fulfillment is off" }
  // More than http.concurrency would queue at the client holding database connections.
  return burstLimiter(options.http.concurrency).run(() =>
    withSpan(SPANS.autoFulfillment, { "medusa.order_id": orderId }, (span) =>
      fulfill(container, shipping, orderId, attempt).then((outcome) => {
        const name =
          outcome.status === "failed" && !outcome.retry_at
            ? "gave_up"
            : outcome.status
        span.setAttribute("shipping_services.outcome", name)
        add(METRICS.autoFulfillments, 1, { "shipping_services.outcome": name })
        return outcome
      })
    )
  )
}

export type AutoFulfillSource =
  "order.placed" | "payment.captured" | "order.changed"

const skipped = (reason: string): AutoFulfillOutcome => ({
  status: "skipped",
  reason,
})

/** Medusa's events for automatic fulfillment (`payment.captured` carries a payment's id), as `autoFulfill` says. */
export async function autoFulfillEvent(
  container: MedusaContainer,
  source: AutoFulfillSource,
  id: string
): Promise<AutoFulfillOutcome> {
  const { autoFulfill } = shippingOf(container).getOptions()
  if (
    source === "payment.captured" &&
    (!autoFulfill.enabled || autoFulfill.on !== "captured")
  )
    return skipped(
      "labels are bought when the order is placed (autoFulfill.on)"
    )
  if (
    source === "order.changed" &&
    (!autoFulfill.enabled || !autoFulfill.orderChanges)
  )
    return skipped(
      "order changes are fulfilled by an admin (autoFulfill.orderChanges)"
    )
  const orderId =
    source === "payment.captured" ? await orderOfPayment(container, id) : id
  if (!orderId) return skipped("the payment belongs to no order")
  if (!autoFulfill.enabled) return awaitAdmin(container, orderId)
  // A provider that captures on authorization sends no payment.captured: its orders go now.
  if (
    autoFulfill.on === "captured" &&
    !(await orderCapturedInFull(container, orderId))
  )
    return skipped(
      source === "order.placed"
        ? "waits for its payment to be captured (autoFulfill.on)"
        : "waits for the rest of its payment to be captured (autoFulfill.on)"
    )
  // A payment may be for what an exchange, claim or edit left due: their lines follow.
  return autoFulfillOrder(container, orderId, {
    placed: source === "order.placed",
    reopen:
      source === "order.changed" ||
      (source === "payment.captured" && autoFulfill.orderChanges),
  })
}

/** Ready to ship lists an order waiting for an admin from the plugin's own row. */
async function awaitAdmin(
  container: MedusaContainer,
  orderId: string
): Promise<AutoFulfillOutcome> {
  const plan = await planFulfillment(container, orderId)
  if ("reason" in plan) return skipped(plan.reason)
  const { result } = await awaitAdminFulfillmentWorkflow(container).run({
    input: { order_id: orderId, facts: plan.facts },
  })
  return skipped(
    result.recorded
      ? "automatic fulfillment is off: waits for an admin"
      : "already recorded"
  )
}

export const CHANGE_WAITS =
  "another round of this order is running: this change's lines are bought by the retry job once it ends"

async function fulfill(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  orderId: string,
  attempt: AttemptOptions
): Promise<AutoFulfillOutcome> {
  return withFreshPlan(
    () => fulfillOnce(container, shipping, orderId, attempt),
    async (reason) =>
      attempt.reopen && (await shipping.attempts().markChangeDue(orderId))
        ? skipped(CHANGE_WAITS)
        : skipped(reason)
  )
}

async function fulfillOnce(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  orderId: string,
  attempt: AttemptOptions
): Promise<AutoFulfillOutcome | typeof STALE> {
  // A placed order has no row yet (a second delivery of the event finds one, and leaves it).
  const seen = attempt.placed
    ? undefined
    : await shipping.attempts().seen(orderId)
  // Only the lines changes added: a label an admin voided on purpose is not bought again.
  const reopen = !!attempt.reopen && seen?.status === "succeeded"
  const now = attempt.now ?? new Date()
  const plan = await planFulfillment(container, orderId, {
    onlyChanges: reopen,
    checkActiveChanges: !attempt.placed,
  })
  if ("reason" in plan && !plan.ours)
    return { status: "skipped", reason: plan.reason }
  if ("reason" in plan && plan.canceled) {
    await settleCanceledOrderWorkflow(container).run({
      input: { order_id: orderId },
    })
    return { status: "skipped", reason: plan.reason }
  }
  if ("reason" in plan && plan.deferred) {
    // Medusa would fail the fulfillment after the label was bought: no attempt spent.
    await shipping
      .queue()
      .postpone(
        orderId,
        plan.facts ?? EMPTY_FACTS,
        { message: plan.reason },
        new Date(now.getTime() + CHANGE_IN_PROGRESS_WAIT_MS)
      )
    return { status: "skipped", reason: plan.reason }
  }
  if (reopen && "reason" in plan)
    return { status: "skipped", reason: plan.reason }
  const outage = await shipping.availability().outage()
  if (outage) {
    const reason = waitingWords(outage)
    await shipping.queue().postpone(orderId, plan.facts ?? EMPTY_FACTS, {
      message: reason,
      away: true,
    })
    return { status: "waiting", reason }
  }
  const run = await runFulfillOrder(container, orderId, "automatic", plan, {
    now,
    extra_attempt: attempt.extraAttempt,
    reopen,
    planned_on: seen === undefined ? undefined : (seen?.version ?? null),
  })
  if ("error" in run) {
    const recorded = run.recorded
    if (recorded?.status === "waiting")
      return { status: "waiting", reason: String(run.error.message) }
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `shipping-services: automatic fulfillment of order ${orderId} failed (attempt ${recorded?.attempts ?? "?"}): ${String(run.error.message)}`
      )
    // An admin's own "try again" is not alerted: the admin sees its answer.
    if (recorded && !recorded.next_attempt_at && !attempt.extraAttempt)
      await alertAutoFulfillmentGaveUp(container, {
        order_id: orderId,
        display_id: plan.facts?.display_id ?? null,
        attempts: recorded.attempts,
        last_error: String(run.error.message),
      }).catch((e: unknown) =>
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `shipping-services: the alert for order ${orderId} was not emitted: ${String(e)}`
          )
      )
    return {
      status: "failed",
      error: String(run.error.message),
      retry_at: recorded?.next_attempt_at
        ? new Date(recorded.next_attempt_at)
        : null,
    }
  }
  const { claim, fulfillment_ids } = run.result
  if (!claim.claimed && claim.stale) return STALE
  // The running round's plan may predate this change: its lines wait for that round to end.
  if (!claim.claimed && claim.busy && attempt.reopen) {
    if (await shipping.attempts().markChangeDue(orderId))
      return skipped(CHANGE_WAITS)
    return STALE
  }
  if (!claim.claimed) return { status: "skipped", reason: claim.reason }
  if (!fulfillment_ids.length)
    return {
      status: "skipped",
      reason: "reason" in plan ? plan.reason : NOTHING_LEFT,
    }
  return { status: "succeeded", fulfillment_ids }
}
