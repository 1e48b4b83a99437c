import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { errorRecord } from "../../lib/errors"
import { Limiter } from "../../shipping-api/client/limiter"
import { nextAttemptAt, type OrderFacts } from "../../lib/auto-fulfil/attempts"
import { isCapturedInFull } from "../../lib/auto-fulfil/capture"
import {
  fulfilOrderWorkflow,
  type FulfilOrderResult,
} from "../../workflows/fulfil-order"
import type { FulfilMode } from "../../workflows/fulfil-order/steps/claim-order-fulfilment"
import { settleCanceledOrderWorkflow } from "../../workflows/settle-canceled-order"
import { awaitAdminFulfilmentWorkflow } from "../../workflows/await-admin-fulfilment"
import { alertAutoFulfillmentGaveUp } from "../alerts/raise-alerts"
import { add, METRICS, SPANS, withSpan } from "../../lib/telemetry"
import {
  ourShippingOptionWithService,
  planFulfillment,
  type Plan,
} from "./fulfilment-plan"

export {
  forgetShippingOption,
  isOurProvider,
  ourShippingOptionWithService,
} from "./fulfilment-plan"

export type AutoFulfillOutcome =
  | { status: "succeeded"; fulfillment_ids: string[] }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string; retry_at: Date | null }
  /** The service is not answering: no attempt was spent; bought once it answers (service-outage.ts). */
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
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  const options = shipping.getOptions()
  if (!options.autoFulfill.enabled)
    return { status: "skipped", reason: "automatic fulfilment is off" }
  // A burst of placed orders is worked off as many at a time as labels may be bought at once
  // (http.concurrency): more would only queue at the client while holding database
  // connections in Medusa's workflows, and starve the pool.
  return burstLimiter(options.http.concurrency).run(() =>
    withSpan(
      SPANS.autoFulfillment,
      { "medusa.order_id": orderId },
      async (span) => {
        const outcome = await fulfil(container, shipping, orderId, attempt)
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
 * `order.placed`: the automatic fulfilment when it is on; when it is off, an order of this
 * provider is recorded as waiting for an admin (`manual`), so Ready to ship lists it from the
 * plugin's own rows, page by page, rather than by reading every order.
 */
export async function orderPlaced(
  container: MedusaContainer,
  orderId: string
): Promise<AutoFulfillOutcome> {
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
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
  const { result } = await awaitAdminFulfilmentWorkflow(container).run({
    input: { order_id: orderId, facts: plan.facts },
  })
  return {
    status: "skipped",
    reason: result.recorded
      ? "automatic fulfilment is off: waits for an admin"
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
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
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
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
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

/** The order a payment was made for (order ↔ payment collection link), if any. */
async function orderOfPayment(
  container: MedusaContainer,
  paymentId: string
): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: payments } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_collection_id"],
    filters: { id: paymentId },
  })
  const collectionId = (
    payments[0] as { payment_collection_id?: string | null } | undefined
  )?.payment_collection_id
  if (!collectionId) return undefined
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: collectionId },
  })
  return (links[0] as { order_id?: string } | undefined)?.order_id
}

async function orderCapturedInFull(
  container: MedusaContainer,
  orderId: string
): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.id", "payment_collections.status"],
    filters: { id: orderId },
  })
  const order = data[0] as
    { payment_collections?: { status?: string | null }[] | null } | undefined
  return isCapturedInFull(order?.payment_collections)
}

let burst: Limiter | undefined
function burstLimiter(capacity: number): Limiter {
  if (!burst || burst.capacity !== capacity) burst = new Limiter(capacity)
  return burst
}

async function fulfil(
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
    // Medusa would fail the fulfilment after the label was bought: looked at again later (the
    // retry job), its attempt not spent; the change's own event takes it up sooner.
    await shipping.deferAutoFulfillment(
      orderId,
      plan.facts ?? EMPTY_FACTS,
      new Date(now.getTime() + CHANGE_IN_PROGRESS_WAIT_MS),
      { message: plan.reason }
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
    await shipping.parkAutoFulfillment(orderId, plan.facts ?? EMPTY_FACTS, {
      message: reason,
      away: true,
    })
    return { status: "waiting", reason }
  }
  const run = await runFulfilOrder(container, orderId, "automatic", plan, {
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
        `shipping-services: automatic fulfilment of order ${orderId} failed (attempt ${recorded?.attempts ?? "?"}): ${String(run.error.message)}`
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
      reason: "reason" in plan ? plan.reason : "nothing left to fulfil",
    }
  return { status: "succeeded", fulfillment_ids }
}

/**
 * Runs fulfilOrderWorkflow (src/workflows/fulfil-order): claim the order's row, Medusa's
 * createOrderFulfillmentWorkflow, record the success. A failure comes back in the service's
 * words; the workflow put them on the attempt before giving it back as failed, and they are
 * added here only for an error raised outside that step (words already there are kept).
 */
async function runFulfilOrder(
  container: MedusaContainer,
  orderId: string,
  mode: FulfilMode,
  plan: Plan,
  attempt: { now: Date; extra_attempt?: boolean; reopen?: boolean }
): Promise<
  | { result: FulfilOrderResult }
  | {
      error: Record<string, unknown>
      recorded: {
        status: "failed" | "waiting"
        attempts: number
        next_attempt_at: Date | null
      } | null
    }
> {
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  try {
    const { result } = await fulfilOrderWorkflow(container).run({
      input: {
        order_id: orderId,
        mode,
        groups: "groups" in plan ? plan.groups : [],
        facts: plan.facts ?? EMPTY_FACTS,
        started_at: attempt.now,
        extra_attempt: attempt.extra_attempt,
        reopen: attempt.reopen,
      },
    })
    return { result }
  } catch (error) {
    const last_error = errorRecord(error)
    const recorded = await shipping
      .recordAutoFulfillmentError(orderId, last_error)
      .catch(() => null)
    return { error: last_error, recorded }
  }
}

/** What Ready to ship and the logs say of an order waiting for the service. */
export function waitingWords(outage: {
  since: string
  reason?: string | null
}): string {
  return `Waiting for the shipping service: not answering since ${outage.since}${outage.reason ? ` (${outage.reason})` : ""}; the label is bought as soon as it answers again`
}

const EMPTY_FACTS: OrderFacts = {
  option_id: null,
  lane: null,
  display_id: null,
  placed_at: null,
}

export type AdminFulfilOutcome =
  | { status: "succeeded"; fulfillment_ids: string[] }
  /** Nothing left to fulfil: the order's labels were bought already (by this batch's stopped run, the automatic path or by hand). */
  | { status: "fulfilled"; reason: string }
  /** The plugin cannot ship it: another provider, canceled, unknown. Nothing was bought. */
  | { status: "refused"; reason: string }
  /** Another live process is buying its labels right now: look again later. */
  | { status: "busy"; reason: string }
  | { status: "failed"; error: Record<string, unknown> }
  /** The service is not answering: nothing was sent; look again once it answers. */
  | { status: "waiting"; reason: string }

/**
 * An admin's fulfilment of an order now (a print batch): the same claim on the order's
 * row as the automatic path, so the two never both buy, and the same purchase (Medusa's
 * createOrderFulfillmentWorkflow → the provider's never-twice purchase), whatever automatic
 * fulfilment says: it may be off, out of attempts, or the order held (the admin chose it). A
 * failure is left to the admin (no automatic retry is scheduled), in the service's words. Runs
 * `http.concurrency` at a time together with automatic fulfilments.
 */
export async function fulfilOrderNow(
  container: MedusaContainer,
  orderId: string
): Promise<AdminFulfilOutcome> {
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  return burstLimiter(shipping.getOptions().http.concurrency).run(async () => {
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
    const run = await runFulfilOrder(container, orderId, "admin", plan, {
      now: new Date(),
    })
    if ("error" in run)
      return run.recorded?.status === "waiting" || run.error.away === true
        ? { status: "waiting", reason: String(run.error.message) }
        : { status: "failed", error: run.error }
    const { claim, fulfillment_ids } = run.result
    if (!claim.claimed) return { status: "busy", reason: claim.reason }
    return { status: "succeeded", fulfillment_ids }
  })
}

/** Whether an order can be fulfilled by the plugin now, and the facts of its row (Ready to ship, holds). */
export async function fulfilmentPlanOf(
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
