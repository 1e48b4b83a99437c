import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  PROVIDER_IDENTIFIER,
  SHIPPING_SERVICES_MODULE,
} from "../options/resolve"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { errorRecord } from "../lib/errors"
import { Limiter } from "../shipping-api/client/limiter"
import { laneOf } from "../lib/batches/lane"
import { ExpiringMap } from "../lib/cache/expiring-map"
import { nextAttemptAt, type OrderFacts } from "../lib/auto-fulfil/attempts"
import { isCapturedInFull } from "../lib/auto-fulfil/capture"
import {
  fulfilOrderWorkflow,
  type FulfilOrderResult,
} from "../workflows/fulfil-order"
import type { FulfilMode } from "../workflows/fulfil-order/steps/claim-order-fulfilment"
import { settleCanceledOrderWorkflow } from "../workflows/settle-canceled-order"
import { awaitAdminFulfilmentWorkflow } from "../workflows/await-admin-fulfilment"
import { alertAutoFulfillmentGaveUp } from "./alerts"
import { add, METRICS, SPANS, withSpan } from "../lib/telemetry"

export type AutoFulfillOutcome =
  | { status: "succeeded"; fulfillment_ids: string[] }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string; retry_at: Date | null }
  /** The service is not answering: no attempt was spent; bought once it answers (service-outage.ts). */
  | { status: "waiting"; reason: string }

type OrderForFulfillment = {
  id: string
  display_id?: number | null
  status?: string | null
  created_at?: Date | string | null
  shipping_address?: { country_code?: string | null } | null
  items?: {
    id: string
    quantity?: number
    requires_shipping?: boolean
    detail?: { quantity?: number; fulfilled_quantity?: number }
  }[]
  shipping_methods?: { id: string; shipping_option_id?: string | null }[]
}

/** Our provider's id in Medusa: `<identifier>_<id>` (the id given in medusa-config). */
export const isOurProvider = (providerId: string | null | undefined) =>
  !!providerId && providerId.startsWith(`${PROVIDER_IDENTIFIER}_`)

export { nextAttemptAt, type OrderFacts }

export type AttemptOptions = {
  /** When the attempt starts (its retry time counts from here). */
  now?: Date
  /** An admin's "try again now": one more attempt even when the automatic ones are used up. */
  extraAttempt?: boolean
}

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
    return autoFulfillOrder(container, orderId)
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
  return autoFulfillOrder(container, orderId)
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
  const plan = await planFulfillment(container, orderId)
  if ("reason" in plan && !plan.ours)
    return { status: "skipped", reason: plan.reason }
  if ("reason" in plan && plan.canceled) {
    await settleCanceledOrderWorkflow(container).run({
      input: { order_id: orderId },
    })
    return { status: "skipped", reason: plan.reason }
  }
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
    now: attempt.now ?? new Date(),
    extra_attempt: attempt.extraAttempt,
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
  const { claim, fulfillment_id } = run.result
  if (!claim.claimed) return { status: "skipped", reason: claim.reason }
  // Done (everything was fulfilled already, e.g. by the attempt a stopped process left behind).
  if (!fulfillment_id)
    return {
      status: "skipped",
      reason: "reason" in plan ? plan.reason : "nothing left to fulfil",
    }
  return { status: "succeeded", fulfillment_ids: [fulfillment_id] }
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
  attempt: { now: Date; extra_attempt?: boolean }
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
        items: "items" in plan ? plan.items : [],
        shipping_option_id:
          "shipping_option_id" in plan ? plan.shipping_option_id : null,
        facts: plan.facts ?? EMPTY_FACTS,
        started_at: attempt.now,
        extra_attempt: attempt.extra_attempt,
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
    const { claim, fulfillment_id } = run.result
    if (!claim.claimed) return { status: "busy", reason: claim.reason }
    return { status: "succeeded", fulfillment_ids: [fulfillment_id!] }
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

type Plan =
  | {
      items: { id: string; quantity: number }[]
      shipping_option_id: string
      facts: OrderFacts
    }
  | { reason: string; ours: boolean; canceled?: boolean; facts?: OrderFacts }

/** The unfulfilled shippable lines of an order and its shipping option of this provider. */
async function planFulfillment(
  container: MedusaContainer,
  orderId: string
): Promise<Plan> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "status",
      "created_at",
      "shipping_address.country_code",
      "items.id",
      "items.quantity",
      "items.requires_shipping",
      "items.detail.quantity",
      "items.detail.fulfilled_quantity",
      "shipping_methods.id",
      "shipping_methods.shipping_option_id",
    ],
    filters: { id: orderId },
  })
  const order = orders[0] as OrderForFulfillment | undefined
  if (!order) return { reason: "order not found", ours: false }
  const option = await ourShippingOptionWithService(container, order)
  if (!option)
    return {
      reason: "the order's shipping method uses another provider",
      ours: false,
    }
  const shippingOptionId = option.id
  const shipping: ShippingServicesModuleService = container.resolve(
    SHIPPING_SERVICES_MODULE
  )
  const options = shipping.getOptions()
  const service = options.services.find((s) => s.id === option.service_id)
  const facts: OrderFacts = {
    option_id: option.service_id,
    lane: service
      ? laneOf(
          service.variant,
          order.shipping_address?.country_code,
          options.origin?.countryCode
        )
      : null,
    display_id: order.display_id ?? null,
    placed_at: order.created_at ? new Date(order.created_at) : null,
  }
  if (order.status === "canceled")
    return {
      reason: "the order is canceled",
      ours: true,
      canceled: true,
      facts,
    }
  const items = (order.items ?? [])
    .filter((i) => i.requires_shipping !== false)
    .map((i) => ({
      id: i.id,
      quantity:
        Number(i.detail?.quantity ?? i.quantity ?? 0) -
        Number(i.detail?.fulfilled_quantity ?? 0),
    }))
    .filter((i) => i.quantity > 0)
  if (!items.length)
    return { reason: "nothing left to fulfil", ours: true, facts }
  return { items, shipping_option_id: shippingOptionId, facts }
}

/** The order's shipping option of this provider, if any. */
export async function ourShippingOptionOf(
  container: MedusaContainer,
  order: { shipping_methods?: { shipping_option_id?: string | null }[] }
): Promise<string | undefined> {
  return (await ourShippingOptionWithService(container, order))?.id
}

/**
 * What the purchase needs of a shipping option: its provider and the plugin service it was made
 * from (`data.id`). Read on every order, changed almost never: remembered for a minute per
 * process (one statement less per order). A change is seen at once by the process that gets
 * Medusa's event (`forgetShippingOption`), by the others within the minute; meanwhile the
 * purchase itself still goes through Medusa, which reads the option afresh and calls its
 * current provider with its current data.
 */
const OPTION_FACTS_TTL_MS = 60_000
type OptionFacts = { provider_id: string; service_id: string | null }
const optionFacts = new ExpiringMap<string, OptionFacts>({
  ttlMs: OPTION_FACTS_TTL_MS,
  maxEntries: 1_000,
})

/** A shipping option changed or went (Medusa's fulfillment module event): read it afresh. */
export function forgetShippingOption(id: string | undefined) {
  if (id) optionFacts.delete(id)
  else optionFacts.clear()
}

/** The order's shipping option of this provider and the plugin service it was made from (`data.id`). */
export async function ourShippingOptionWithService(
  container: MedusaContainer,
  order: { shipping_methods?: { shipping_option_id?: string | null }[] }
): Promise<{ id: string; service_id: string | null } | undefined> {
  const optionIds = [
    ...new Set(
      (order.shipping_methods ?? [])
        .map((m) => m.shipping_option_id)
        .filter((id): id is string => !!id)
    ),
  ]
  if (!optionIds.length) return undefined
  const unknown = optionIds.filter((id) => !optionFacts.get(id))
  if (unknown.length) {
    const read = await container
      .resolve(Modules.FULFILLMENT)
      .listShippingOptions(
        { id: unknown },
        { select: ["id", "provider_id", "data"] }
      )
    for (const o of read) {
      const serviceId = (o.data as { id?: unknown } | null)?.id
      optionFacts.set(o.id, {
        provider_id: o.provider_id ?? "",
        service_id: typeof serviceId === "string" ? serviceId : null,
      })
    }
  }
  for (const id of optionIds) {
    const facts = optionFacts.get(id)
    if (facts && isOurProvider(facts.provider_id))
      return { id, service_id: facts.service_id }
  }
  return undefined
}
