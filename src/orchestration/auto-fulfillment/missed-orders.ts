import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { messageOf } from "../../lib/errors"
import {
  readSetting,
  writeSetting,
} from "../../modules/shipping-services/settings"
import { autoFulfillEvent } from "./auto-fulfill"
import { shippingOf } from "../../modules/shipping-services"

export const MISSED_ORDERS_SETTING = "missed-orders:checked-until"
/** Younger orders are left to their `order.placed` (a burst queues its events for a while). */
export const MISSED_ORDERS_DELAY_MS = 2 * 60_000
/** How far back the first sweep of a store looks. */
const FIRST_LOOK_BACK_MS = 60 * 60_000
const PAGE = 200

export type MissedOrdersReport = { checked: number; missed: number }

/** Medusa emits `order.placed` once, without retries: an order whose subscriber failed is found here. */
export async function fulfillMissedOrders(
  container: MedusaContainer,
  now = new Date()
): Promise<MissedOrdersReport> {
  const shipping = shippingOf(container)
  const upTo = new Date(now.getTime() - MISSED_ORDERS_DELAY_MS)
  const saved = await readSetting<{ at?: string }>(
    shipping,
    MISSED_ORDERS_SETTING
  )
  const from = saved?.at
    ? new Date(saved.at)
    : new Date(upTo.getTime() - FIRST_LOOK_BACK_MS)
  if (!(from < upTo)) return { checked: 0, missed: 0 }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "created_at", "status"],
    filters: { created_at: { $gt: from, $lte: upTo } },
    pagination: { take: PAGE, order: { created_at: "ASC" } },
  })
  const orders = data as {
    id: string
    created_at: string | Date
    status?: string | null
  }[]
  const placed = orders.filter((o) => o.status !== "draft")
  const known = placed.length
    ? new Set(
        (
          await shipping.listAutoFulfillments(
            { order_id: placed.map((o) => o.id) },
            { select: ["order_id"] }
          )
        ).map((r) => r.order_id)
      )
    : new Set<string>()
  const missed = placed.filter((o) => !known.has(o.id))
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  for (const order of missed) {
    try {
      await autoFulfillEvent(container, "order.placed", order.id)
    } catch (error) {
      // The cursor stays where it was: the next sweep tries this window again.
      logger.warn(
        `shipping-services: order ${order.id} missed its order.placed and could not be taken up now: ${messageOf(error)}`
      )
      throw error
    }
  }
  if (missed.length)
    logger.info(
      `shipping-services: ${missed.length} order(s) whose order.placed was lost taken up: ${missed.map((o) => o.id).join(", ")}`
    )
  const last = orders[orders.length - 1]
  const checkedUntil =
    orders.length === PAGE && last ? new Date(last.created_at) : upTo
  await writeSetting(shipping, MISSED_ORDERS_SETTING, {
    at: checkedUntil.toISOString(),
  })
  return { checked: orders.length, missed: missed.length }
}
