import type {
  RatesRequest,
  ShipmentRequest,
} from "../../../shipping-api/schemas/shipment"
import type { OrderLike, ShippedLine } from "./types"

type FulfilledItem = {
  line_item_id?: string | null
  quantity?: number | string | null
}

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

/** Medusa gives each attempt a new fulfillment id, so only order, direction and lines recognise a repeated call. */
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

/** A single parcel keeps the plain key of earlier versions. */
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

/** Doc 4 Rates: the Shipment without documents. */
export function ratesRequestOf(request: ShipmentRequest): RatesRequest {
  const { documents: _documents, ...rest } = request
  return rest
}
