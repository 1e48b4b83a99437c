import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { PROVIDER_IDENTIFIER, SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import type { AutoFulfillmentRecord } from "../modules/shipping-services/models"
import { errorRecord } from "../lib/errors"
import { Limiter } from "../shipping-api/client/limiter"

const AUTO_FULFILLMENTS = "shipping_services_auto_fulfillment"

export type AutoFulfillOutcome =
  | { status: "succeeded"; fulfillment_ids: string[] }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string; retry_at: Date | null }

type OrderForFulfillment = {
  id: string
  items?: { id: string; quantity?: number; requires_shipping?: boolean; detail?: { quantity?: number; fulfilled_quantity?: number } }[]
  shipping_methods?: { id: string; shipping_option_id?: string | null }[]
}

/** Our provider's id in Medusa: `<identifier>_<id>` (the id given in medusa-config). */
export const isOurProvider = (providerId: string | null | undefined) => !!providerId && providerId.startsWith(`${PROVIDER_IDENTIFIER}_`)

/** The delay before attempt n+1: first backoff, doubled each time. Pure. */
export function nextAttemptAt(now: Date, attempts: number, backoffMs: number): Date {
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
export async function autoFulfillOrder(container: MedusaContainer, orderId: string, now = new Date()): Promise<AutoFulfillOutcome> {
  const shipping: ShippingServicesModuleService = container.resolve(SHIPPING_SERVICES_MODULE)
  const options = shipping.getOptions()
  if (!options.autoFulfill.enabled) return { status: "skipped", reason: "automatic fulfilment is off" }
  // A burst of placed orders is worked off as many at a time as labels may be bought at once
  // (http.concurrency): more would only queue at the client while holding database
  // connections in Medusa's workflows, and starve the pool.
  return burstLimiter(options.http.concurrency).run(() => fulfil(container, shipping, orderId, now))
}

let burst: Limiter | undefined
function burstLimiter(capacity: number): Limiter {
  if (!burst || burst.capacity !== capacity) burst = new Limiter(capacity)
  return burst
}

async function fulfil(container: MedusaContainer, shipping: ShippingServicesModuleService, orderId: string, now: Date): Promise<AutoFulfillOutcome> {
  const options = shipping.getOptions()
  const plan = await planFulfillment(container, orderId)
  if ("reason" in plan && !plan.ours) return { status: "skipped", reason: plan.reason }
  const claimed = await claim(shipping, orderId)
  if ("reason" in claimed) return { status: "skipped", reason: claimed.reason }
  const record = claimed.record
  // Done (everything is fulfilled already, e.g. by the attempt a stopped process left behind).
  if ("reason" in plan) {
    await finish(shipping, record.id, { status: "succeeded", last_error: null })
    return { status: "skipped", reason: plan.reason }
  }
  try {
    const { result } = await createOrderFulfillmentWorkflow(container).run({
      input: { order_id: orderId, items: plan.items, shipping_option_id: plan.shipping_option_id },
    })
    await finish(shipping, record.id, { status: "succeeded", last_error: null, fulfillment_ids: { ids: [result.id] } })
    return { status: "succeeded", fulfillment_ids: [result.id] }
  } catch (error) {
    const attempts = record.attempts
    const retry_at = attempts < options.autoFulfill.maxAttempts ? nextAttemptAt(now, attempts, options.autoFulfill.backoffMs) : null
    const last_error = errorRecord(error)
    await finish(shipping, record.id, { status: "failed", last_error, next_attempt_at: retry_at })
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`shipping-services: automatic fulfilment of order ${orderId} failed (attempt ${attempts}): ${String(last_error.message)}`)
    return { status: "failed", error: String(last_error.message), retry_at }
  }
}

/**
 * The order's row, for this process: created new, or taken by compare-and-set when it failed
 * (and has attempts left) or ran in a process that stopped. No lock and no pooled connection is
 * held while the label is bought (a burst would starve the pool); the row's lease says who works
 * on it. Whoever loses finds it taken and does nothing.
 */
async function claim(shipping: ShippingServicesModuleService, orderId: string): Promise<{ record: AutoFulfillmentRecord } | { reason: string }> {
  const leases = shipping.leases()
  const created = await shipping.createAutoFulfillments({ order_id: orderId, status: "running", attempts: 1, ...leases.fields() }).catch(() => undefined)
  if (created) {
    leases.track(AUTO_FULFILLMENTS, created.id)
    return { record: created }
  }
  const [existing] = await shipping.listAutoFulfillments({ order_id: orderId })
  if (!existing || existing.status === "succeeded" || existing.status === "skipped") return { reason: `already ${existing?.status ?? "claimed"}` }
  if (existing.status === "failed" && existing.attempts >= shipping.getOptions().autoFulfill.maxAttempts) {
    return { reason: "no attempts left: an admin has to fulfil it" }
  }
  if (!(await shipping.claimAutoFulfillmentAttempt(existing.id, { status: existing.status, attempts: existing.attempts }))) {
    return { reason: existing.status === "running" ? "already running in another process" : "already claimed" }
  }
  return { record: { ...existing, status: "running", attempts: existing.attempts + 1 } }
}

/** The attempt's outcome, and its lease given up in the same write. */
async function finish(shipping: ShippingServicesModuleService, id: string, fields: Record<string, unknown>) {
  shipping.leases().letExpire(AUTO_FULFILLMENTS, id)
  await shipping.updateAutoFulfillments({ id, ...fields, lease_owner: null, lease_until: null })
}

type Plan = { items: { id: string; quantity: number }[]; shipping_option_id: string } | { reason: string; ours: boolean }

/** The unfulfilled shippable lines of an order and its shipping option of this provider. */
async function planFulfillment(container: MedusaContainer, orderId: string): Promise<Plan> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "items.id", "items.quantity", "items.requires_shipping", "items.detail.quantity", "items.detail.fulfilled_quantity", "shipping_methods.id", "shipping_methods.shipping_option_id"],
    filters: { id: orderId },
  })
  const order = orders[0] as OrderForFulfillment | undefined
  if (!order) return { reason: "order not found", ours: false }
  const shippingOptionId = await ourShippingOptionOf(container, order)
  if (!shippingOptionId) return { reason: "the order's shipping method uses another provider", ours: false }
  const items = (order.items ?? [])
    .filter((i) => i.requires_shipping !== false)
    .map((i) => ({ id: i.id, quantity: Number(i.detail?.quantity ?? i.quantity ?? 0) - Number(i.detail?.fulfilled_quantity ?? 0) }))
    .filter((i) => i.quantity > 0)
  if (!items.length) return { reason: "nothing left to fulfil", ours: true }
  return { items, shipping_option_id: shippingOptionId }
}

/** The order's shipping option of this provider, if any. */
export async function ourShippingOptionOf(container: MedusaContainer, order: { shipping_methods?: { shipping_option_id?: string | null }[] }): Promise<string | undefined> {
  const optionIds = (order.shipping_methods ?? []).map((m) => m.shipping_option_id).filter((id): id is string => !!id)
  if (!optionIds.length) return undefined
  const shippingOptions = await container.resolve(Modules.FULFILLMENT).listShippingOptions({ id: optionIds }, { select: ["id", "provider_id"] })
  return shippingOptions.find((o) => isOurProvider(o.provider_id))?.id
}
