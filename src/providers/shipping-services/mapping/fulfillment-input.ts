import type {
  RatesRequest,
  ShipmentRequest,
} from "../../../shipping-api/schemas/shipment"
import type { OrderLike, ShippedLine } from "./types"

type FulfilledItem = {
  line_item_id?: string | null
  quantity?: number | string | null
}

/** Fulfillment items (line item id and quantity) joined to the order's lines. */
export function shippedLines(
  order: OrderLike,
  items: readonly FulfilledItem[]
): ShippedLine[] {
  const lines = new Map((order.items ?? []).map((l) => [l.id, l]))
  return items.flatMap((item) => {
    const line = item.line_item_id ? lines.get(item.line_item_id) : undefined
    const quantity = Number(item.quantity ?? 0)
    return line && quantity > 0 ? [{ line, quantity }] : []
  })
}

/**
 * The key of a parcel across attempts: order, direction and the shipped lines with quantities.
 * Medusa gives each attempt a new fulfillment id (it deletes the fulfillment when the provider
 * throws), so the fulfillment id cannot recognise a repeated call; this can.
 */
export function requestKeyOf(
  orderId: string,
  direction: "outbound" | "return",
  items: readonly FulfilledItem[]
): string {
  const lines = items
    .map((i) => `${i.line_item_id ?? "?"}:${Number(i.quantity ?? 0)}`)
    .sort()
    .join(",")
  return `${direction}|${orderId}|${lines}`
}

/**
 * The key of one parcel of a fulfillment: the key of its lines, and its place when the
 * fulfillment has several parcels (a single parcel keeps the plain key of earlier versions).
 */
export function parcelRequestKeyOf(
  orderId: string,
  direction: "outbound" | "return",
  items: readonly FulfilledItem[],
  index: number,
  count: number
): string {
  const key = requestKeyOf(orderId, direction, items)
  return count > 1 ? `${key}|parcel ${index + 1}/${count}` : key
}

/** Doc 4 Rates: the Shipment object without documents. */
export function ratesRequestOf(request: ShipmentRequest): RatesRequest {
  const { documents: _documents, ...rest } = request
  return rest
}
