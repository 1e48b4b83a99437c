import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { PROVIDER_IDENTIFIER, SHIPPING_SERVICES_MODULE } from "../options/resolve"
import type ShippingServicesModuleService from "../modules/shipping-services/service"
import { errorRecord } from "../providers/shipping-services/purchase"
import { Limiter } from "../shipping-api/client/limiter"

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

const STALE_RUNNING_MS = 10 * 60 * 1000

/** The delay before attempt n+1: first backoff, doubled each time. Pure. */
export function nextAttemptAt(now: Date, attempts: number, backoffMs: number): Date {
  return new Date(now.getTime() + backoffMs * 2 ** Math.max(0, attempts - 1))
}

/**
 * Creates the fulfillment (and so the label) of a placed order whose shipping method uses this
 * provider, once: the order's row in shipping_services_auto_fulfillment (unique per order,
 * claimed atomically) makes a redelivered `order.placed` a no-op. Orders of other
 * providers cost two reads and no write. A failure is recorded with
 * the service's words and retried with backoff by a job, at most autoFulfill.maxAttempts times.
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
  if ("reason" in plan) return { status: "skipped", reason: plan.reason }
  // No lock is held while the label is bought (a pooled connection per order would starve a
  // burst): the claim itself is atomic. A new order's row is unique per order_id; a retry takes
  // the row by compare-and-set. Whoever loses finds it taken and does nothing.
  let record = await shipping.createAutoFulfillments({ order_id: orderId, status: "running", attempts: 1 }).catch(() => undefined)
  if (!record) {
    const [existing] = await shipping.listAutoFulfillments({ order_id: orderId })
    // A "running" row older than a label request can take was left by a crashed process.
    const stale = existing?.status === "running" && now.getTime() - new Date(existing.updated_at).getTime() > STALE_RUNNING_MS
    if (!existing || existing.status === "succeeded" || existing.status === "skipped" || (existing.status === "running" && !stale)) {
      return { status: "skipped", reason: `already ${existing?.status ?? "claimed"}` }
    }
    if (existing.attempts >= options.autoFulfill.maxAttempts) {
      return { status: "skipped", reason: "no attempts left: an admin has to fulfil it" }
    }
    if (!(await shipping.claimAutoFulfillmentAttempt(existing.id, { status: existing.status, attempts: existing.attempts }))) {
      return { status: "skipped", reason: "already claimed" }
    }
    record = { ...existing, status: "running", attempts: existing.attempts + 1 }
  }
  const attempts = record.attempts
  try {
    const { result } = await createOrderFulfillmentWorkflow(container).run({
      input: { order_id: orderId, items: plan.items, shipping_option_id: plan.shipping_option_id },
    })
    await shipping.updateAutoFulfillments({ id: record.id, status: "succeeded", last_error: null, fulfillment_ids: { ids: [result.id] } })
    return { status: "succeeded", fulfillment_ids: [result.id] }
  } catch (error) {
    const retry_at = attempts < options.autoFulfill.maxAttempts ? nextAttemptAt(now, attempts, options.autoFulfill.backoffMs) : null
    const last_error = errorRecord(error)
    await shipping.updateAutoFulfillments({ id: record.id, status: "failed", last_error, next_attempt_at: retry_at })
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`shipping-services: automatic fulfilment of order ${orderId} failed (attempt ${attempts}): ${String(last_error.message)}`)
    return { status: "failed", error: String(last_error.message), retry_at }
  }
}

/** The unfulfilled shippable lines of an order and its shipping option of this provider. */
async function planFulfillment(
  container: MedusaContainer,
  orderId: string
): Promise<{ items: { id: string; quantity: number }[]; shipping_option_id: string } | { reason: string }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "items.id", "items.quantity", "items.requires_shipping", "items.detail.quantity", "items.detail.fulfilled_quantity", "shipping_methods.id", "shipping_methods.shipping_option_id"],
    filters: { id: orderId },
  })
  const order = orders[0] as OrderForFulfillment | undefined
  if (!order) return { reason: "order not found" }
  const optionIds = (order.shipping_methods ?? []).map((m) => m.shipping_option_id).filter((id): id is string => !!id)
  if (!optionIds.length) return { reason: "the order has no shipping method" }
  const shippingOptions = await container.resolve(Modules.FULFILLMENT).listShippingOptions({ id: optionIds }, { select: ["id", "provider_id"] })
  const ours = shippingOptions.find((o) => isOurProvider(o.provider_id))
  if (!ours) return { reason: "the order's shipping method uses another provider" }
  const items = (order.items ?? [])
    .filter((i) => i.requires_shipping !== false)
    .map((i) => ({ id: i.id, quantity: Number(i.detail?.quantity ?? i.quantity ?? 0) - Number(i.detail?.fulfilled_quantity ?? 0) }))
    .filter((i) => i.quantity > 0)
  if (!items.length) return { reason: "nothing left to fulfil" }
  return { items, shipping_option_id: ours.id }
}
