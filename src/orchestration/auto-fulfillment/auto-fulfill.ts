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
  waitingWords,
} from "./run-fulfill-order"
import { shippingOf } from "../../modules/shipping-services"

export type AutoFulfillOutcome =
  | { status: "succeeded"; fulfillment_ids: string[] }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string; retry_at: Date | null }
  /** The service is not answering: no attempt was spent; bought once it answers (the outage probe). */
  | { status: "waiting"; reason: string }

export { nextAttemptAt, type OrderFacts }

export type AttemptOptions = {
  /** When the attempt starts (its retry time counts from here). */
  now?: Date
  /** An admin's "try again now": one more attempt even when the automatic ones are used up. */
  extraAttempt?: boolean
  /** The order was just placed: no order change can be in progress (one read less). */
  placed?: boolean
  /**
   * A confirmed exchange, claim or edit (or the payment of one): an order whose labels were all
   * bought is taken up again for the lines that change added, in fulfillments of their own.
   */
  reopen?: boolean
}

/** How long an order whose exchange, claim, edit or return is being made waits before the next look. */
const CHANGE_IN_PROGRESS_WAIT_MS = 60_000

/**
 * Creates the fulfillment (and so the labels) of a placed order whose shipping method uses this
 * provider, once: the order's row in shipping_services_auto_fulfillment (unique per order,
 * claimed atomically) makes a redelivered `order.placed` a no-op. Orders of other providers cost
 * a read of the order (their shipping option is remembered) and no write. A failure is recorded
 * with the service's words and retried with backoff by a job, at most autoFulfill.maxAttempts
 * times. An attempt whose process stopped (its lease ran out) is taken over by the recovery job
 * or by this process after a restart.
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
  // A burst of placed orders is worked off as many at a time as labels may be bought at once
  // (http.concurrency): more would only queue at the client while holding database
  // connections in Medusa's workflows, and starve the pool.
  return burstLimiter(options.http.concurrency).run(() =>
    withSpan(
      SPANS.autoFulfillment,
      { "medusa.order_id": orderId },
      async (span) => {
        const outcome = await fulfill(container, shipping, orderId, attempt)
        const name =
          outcome.status === "failed" && !outcome.retry_at
            ? "gave_up"
            : outcome.status
        span.setAttribute("shipping_services.outcome", name)
        add(METRICS.autoFulfillments, 1, { "shipping_services.outcome": name })
        return outcome
      }
    )
  )
}

/**
 * `order.placed`: the automatic fulfillment when it is on; when it is off, an order of this
 * provider is recorded as waiting for an admin (`manual`), so Ready to ship lists it from the
 * plugin's own rows, page by page, rather than by reading every order.
 */
export async function orderPlaced(
  container: MedusaContainer,
  orderId: string
): Promise<AutoFulfillOutcome> {
  const shipping = shippingOf(container)
  const { autoFulfill } = shipping.getOptions()
  if (autoFulfill.enabled) {
    // "captured": an order whose payment was captured at placement (a provider that captures on
    // authorization) is bought now, as no payment.captured may come for it; the others wait for it.
    if (
      autoFulfill.on === "captured" &&
      !(await orderCapturedInFull(container, orderId))
    )
      return {
        status: "skipped",
        reason: "waits for its payment to be captured (autoFulfill.on)",
      }
    return autoFulfillOrder(container, orderId, { placed: true })
  }
  const plan = await planFulfillment(container, orderId)
  if ("reason" in plan) return { status: "skipped", reason: plan.reason }
  const { result } = await awaitAdminFulfillmentWorkflow(container).run({
    input: { order_id: orderId, facts: plan.facts },
  })
  return {
    status: "skipped",
    reason: result.recorded
      ? "automatic fulfillment is off: waits for an admin"
      : "already recorded",
  }
}

/**
 * Medusa's `payment.captured` (capturePaymentWorkflow: an admin's capture, a payment provider's
 * webhook): with `autoFulfill.on` "captured", the order's labels once its payment is captured in
 * full. A partial capture waits for the rest (each capture emits the event again). The order's
 * row makes a repeated event, or the same order also reaching `order.placed` captured, buy
 * nothing more (one claim per order).
 */
export async function paymentCaptured(
  container: MedusaContainer,
  paymentId: string
): Promise<AutoFulfillOutcome> {
  const shipping = shippingOf(container)
  const { autoFulfill } = shipping.getOptions()
  if (!autoFulfill.enabled || autoFulfill.on !== "captured")
    return {
      status: "skipped",
      reason: "labels are bought when the order is placed (autoFulfill.on)",
    }
  const orderId = await orderOfPayment(container, paymentId)
  if (!orderId)
    return { status: "skipped", reason: "the payment belongs to no order" }
  if (!(await orderCapturedInFull(container, orderId)))
    return {
      status: "skipped",
      reason: "its payment is captured in part: waits for the rest",
    }
  // Also the payment of what an exchange, claim or edit left due: their lines follow.
  return autoFulfillOrder(container, orderId, {
    reopen: autoFulfill.orderChanges,
  })
}

/**
 * Medusa's `order.exchange_created`, `order.claim_created` (confirmed, with their outbound items)
 * and `order-edit.confirmed`: the lines the change added get their labels as a placed order's
 * do, in fulfillments of their own (autoFulfill.orderChanges). With `autoFulfill.on:
 * "captured"`, a change that leaves an amount due waits for its payment (payment.captured). The
 * order's row makes a redelivered event, or two workers, buy nothing more.
 */
export async function orderChanged(
  container: MedusaContainer,
  orderId: string
): Promise<AutoFulfillOutcome> {
  const shipping = shippingOf(container)
  const { autoFulfill } = shipping.getOptions()
  if (!autoFulfill.enabled || !autoFulfill.orderChanges)
    return {
      status: "skipped",
      reason:
        "order changes are fulfilled by an admin (autoFulfill.orderChanges)",
    }
  if (
    autoFulfill.on === "captured" &&
    !(await orderCapturedInFull(container, orderId))
  )
    return {
      status: "skipped",
      reason: "waits for what the change left due to be paid (autoFulfill.on)",
    }
  return autoFulfillOrder(container, orderId, { reopen: true })
}

async function fulfill(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  orderId: string,
  attempt: AttemptOptions
): Promise<AutoFulfillOutcome> {
  // Taken up again after a change: only the lines changes added (a label an admin voided on
  // purpose is not bought again). One read more, off the path of a placed order.
  const reopen =
    !!attempt.reopen &&
    (
      await shipping.listAutoFulfillments(
        { order_id: orderId },
        { select: ["status"] }
      )
    )[0]?.status === "succeeded"
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
    // Medusa would fail the fulfillment after the label was bought: looked at again later (the
    // retry job), its attempt not spent; the change's own event takes it up sooner.
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
  // The service is not answering: the order waits for it, spending no attempt and sending
  // nothing (free while it answers: no read).
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
    // The last automatic attempt failed (recorded as failed with no retry time): the merchant is
    // told. An admin's own "try again" is not alerted: the admin sees its answer.
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
  if (!claim.claimed) return { status: "skipped", reason: claim.reason }
  // Done (everything was fulfilled already, e.g. by the attempt a stopped process left behind).
  if (!fulfillment_ids.length)
    return {
      status: "skipped",
      reason: "reason" in plan ? plan.reason : NOTHING_LEFT,
    }
  return { status: "succeeded", fulfillment_ids }
}
