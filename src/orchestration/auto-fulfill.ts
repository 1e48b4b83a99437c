import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import {
  PROVIDER_IDENTIFIER,
  SHIPPING_SERVICES_MODULE,
} from "../options/resolve"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import type { AutoFulfillmentRecord } from "../modules/shipping-services/models"
import { errorRecord } from "../lib/errors"
import { Limiter } from "../shipping-api/client/limiter"
import { laneOf, type Lane } from "../lib/batches/lane"

const AUTO_FULFILLMENTS = "shipping_services_auto_fulfillment"

export type AutoFulfillOutcome =
  | { status: "succeeded"; fulfillment_ids: string[] }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string; retry_at: Date | null }

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

/** The delay before attempt n+1: first backoff, doubled each time. Pure. */
export function nextAttemptAt(
  now: Date,
  attempts: number,
  backoffMs: number
): Date {
  return new Date(now.getTime() + backoffMs * 2 ** Math.max(0, attempts - 1))
}

/**
 * Creates the fulfillment (and so the labels) of a placed order whose shipping method uses this
 * provider, once: the order's row in shipping_services_auto_fulfillment (unique per order,
 * claimed atomically) makes a redelivered `order.placed` a no-op. Orders of other providers cost
 * two reads and no write. A failure is recorded with the service's words and retried with
 * backoff by a job, at most autoFulfill.maxAttempts times. An attempt whose process stopped
 * (its lease ran out) is taken over by the recovery job or by this process after a restart.
 */
export async function autoFulfillOrder(
  container: MedusaContainer,
  orderId: string,
  now = new Date()
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
    fulfil(container, shipping, orderId, now)
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
  if (shipping.getOptions().autoFulfill.enabled)
    return autoFulfillOrder(container, orderId)
  const plan = await planFulfillment(container, orderId)
  if ("reason" in plan && !plan.ours)
    return { status: "skipped", reason: plan.reason }
  if ("reason" in plan) return { status: "skipped", reason: plan.reason }
  const created = await shipping
    .createAutoFulfillments({
      order_id: orderId,
      status: "manual",
      attempts: 0,
      ...plan.facts,
    })
    .catch(() => undefined)
  return {
    status: "skipped",
    reason: created
      ? "automatic fulfilment is off: waits for an admin"
      : "already recorded",
  }
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
  now: Date
): Promise<AutoFulfillOutcome> {
  const options = shipping.getOptions()
  const plan = await planFulfillment(container, orderId)
  if ("reason" in plan && !plan.ours)
    return { status: "skipped", reason: plan.reason }
  if ("reason" in plan && plan.canceled) {
    await shipping.settleCanceledOrder(orderId)
    return { status: "skipped", reason: plan.reason }
  }
  const claimed = await claim(shipping, orderId, plan.facts)
  if ("reason" in claimed) return { status: "skipped", reason: claimed.reason }
  const record = claimed.record
  // Done (everything is fulfilled already, e.g. by the attempt a stopped process left behind).
  if ("reason" in plan) {
    await finish(shipping, record.id, { status: "succeeded", last_error: null })
    return { status: "skipped", reason: plan.reason }
  }
  try {
    const { result } = await createOrderFulfillmentWorkflow(container).run({
      input: {
        order_id: orderId,
        items: plan.items,
        shipping_option_id: plan.shipping_option_id,
      },
    })
    await finish(shipping, record.id, {
      status: "succeeded",
      last_error: null,
      fulfillment_ids: { ids: [result.id] },
    })
    return { status: "succeeded", fulfillment_ids: [result.id] }
  } catch (error) {
    const attempts = record.attempts
    const retry_at =
      attempts < options.autoFulfill.maxAttempts
        ? nextAttemptAt(now, attempts, options.autoFulfill.backoffMs)
        : null
    const last_error = errorRecord(error)
    await finish(shipping, record.id, {
      status: "failed",
      last_error,
      next_attempt_at: retry_at,
    })
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `shipping-services: automatic fulfilment of order ${orderId} failed (attempt ${attempts}): ${String(last_error.message)}`
      )
    return { status: "failed", error: String(last_error.message), retry_at }
  }
}

/**
 * The order's row, for this process: created new, or taken by compare-and-set when it failed
 * (and has attempts left) or ran in a process that stopped. No lock and no pooled connection is
 * held while the label is bought (a burst would starve the pool); the row's lease says who works
 * on it. Whoever loses finds it taken and does nothing.
 */
async function claim(
  shipping: ShippingServicesModuleService,
  orderId: string,
  facts?: OrderFacts
): Promise<{ record: AutoFulfillmentRecord } | { reason: string }> {
  const leases = shipping.leases()
  const created = await shipping
    .createAutoFulfillments({
      order_id: orderId,
      status: "running",
      attempts: 1,
      ...facts,
      ...leases.fields(),
    })
    .catch(() => undefined)
  if (created) {
    leases.track(AUTO_FULFILLMENTS, created.id)
    return { record: created }
  }
  const [existing] = await shipping.listAutoFulfillments({ order_id: orderId })
  if (
    !existing ||
    existing.status === "succeeded" ||
    existing.status === "skipped"
  )
    return { reason: `already ${existing?.status ?? "claimed"}` }
  // An admin put it aside: nothing automatic buys it until released.
  if (existing.status === "held") return { reason: "held by an admin" }
  if (
    existing.status === "failed" &&
    existing.attempts >= shipping.getOptions().autoFulfill.maxAttempts
  ) {
    return { reason: "no attempts left: an admin has to fulfil it" }
  }
  if (
    !(await shipping.claimAutoFulfillmentAttempt(existing.id, {
      status: existing.status,
      attempts: existing.attempts,
    }))
  ) {
    return {
      reason:
        existing.status === "running"
          ? "already running in another process"
          : "already claimed",
    }
  }
  return {
    record: { ...existing, status: "running", attempts: existing.attempts + 1 },
  }
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

/**
 * An admin's fulfilment of an order now (a print batch, issue 13): the same claim on the order's
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
    const [existing] = await shipping.listAutoFulfillments({
      order_id: orderId,
    })
    if ("reason" in plan) {
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
    let record: AutoFulfillmentRecord | undefined
    const leases = shipping.leases()
    if (!existing) {
      record = await shipping
        .createAutoFulfillments({
          order_id: orderId,
          status: "running",
          attempts: 1,
          ...plan.facts,
          ...leases.fields(),
        })
        .catch(() => undefined)
      if (record) leases.track(AUTO_FULFILLMENTS, record.id)
      else
        return {
          status: "busy",
          reason: "another process claimed it a moment ago",
        }
    } else if (
      await shipping.claimAutoFulfillmentAttempt(existing.id, {
        status: existing.status,
        attempts: existing.attempts,
      })
    ) {
      record = {
        ...existing,
        status: "running",
        attempts: existing.attempts + 1,
      }
    } else {
      return {
        status: "busy",
        reason:
          existing.status === "running"
            ? "its labels are being bought by another process right now"
            : "another process claimed it a moment ago",
      }
    }
    try {
      const { result } = await createOrderFulfillmentWorkflow(container).run({
        input: {
          order_id: orderId,
          items: plan.items,
          shipping_option_id: plan.shipping_option_id,
        },
      })
      await finish(shipping, record.id, {
        status: "succeeded",
        last_error: null,
        held_at: null,
        fulfillment_ids: { ids: [result.id] },
      })
      return { status: "succeeded", fulfillment_ids: [result.id] }
    } catch (error) {
      const last_error = errorRecord(error)
      await finish(shipping, record.id, {
        status: "failed",
        last_error,
        next_attempt_at: null,
      })
      return { status: "failed", error: last_error }
    }
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

/** The attempt's outcome, and its lease given up in the same write. */
async function finish(
  shipping: ShippingServicesModuleService,
  id: string,
  fields: Parameters<ShippingServicesModuleService["finishAutoFulfillment"]>[1]
) {
  shipping.leases().letExpire(AUTO_FULFILLMENTS, id)
  await shipping.finishAutoFulfillment(id, fields)
}

/** What Ready to ship filters and sorts by, written on the order's row with it. */
export type OrderFacts = {
  option_id: string | null
  lane: Lane | null
  display_id: number | null
  placed_at: Date | null
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

/** The order's shipping option of this provider and the plugin service it was made from (`data.id`). */
export async function ourShippingOptionWithService(
  container: MedusaContainer,
  order: { shipping_methods?: { shipping_option_id?: string | null }[] }
): Promise<{ id: string; service_id: string | null } | undefined> {
  const optionIds = (order.shipping_methods ?? [])
    .map((m) => m.shipping_option_id)
    .filter((id): id is string => !!id)
  if (!optionIds.length) return undefined
  const shippingOptions = await container
    .resolve(Modules.FULFILLMENT)
    .listShippingOptions(
      { id: optionIds },
      { select: ["id", "provider_id", "data"] }
    )
  const ours = shippingOptions.find((o) => isOurProvider(o.provider_id))
  if (!ours) return undefined
  const serviceId = (ours.data as { id?: unknown } | null)?.id
  return {
    id: ours.id,
    service_id: typeof serviceId === "string" ? serviceId : null,
  }
}
