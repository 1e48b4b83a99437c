import { errorView } from "../views/shipment-view"
import { ALWAYS_CROSS_BORDER, type Lane } from "./lane"
import type { Variant } from "../../shipping-api/constants"

export const READY_VIEWS = ["awaiting", "labelled"] as const
export type ReadyView = (typeof READY_VIEWS)[number]

/** `waiting`: for the service to answer again (not a failure: bought then, by itself). */
export type ReadyState = "manual" | "failed" | "held" | "waiting" | "labelled"

export type ReadyOrder = {
  order_id: string
  display_id: number | null
  placed_at: string | null
  customer: string | null
  destination: string | null
  service: {
    id: string | null
    name: string | null
    /** Per parcel, when a rate-shopping option chose it; else null. */
    bought?: string[] | null
  }
  lane: Lane | null
  state: ReadyState
  /** Automatic fulfillment off, the service's words of the last failure, or held. */
  reason: string
  tracking_number: string | null
  labelled_at: string | null
}

type OrderInfo = {
  display_id?: number | null
  created_at?: Date | string | null
  email?: string | null
  shipping_address?: {
    first_name?: string | null
    last_name?: string | null
    company?: string | null
    city?: string | null
    country_code?: string | null
  } | null
}

const iso = (d: Date | string | null | undefined) =>
  d ? new Date(d).toISOString() : null

function customerOf(order: OrderInfo | undefined): string | null {
  const a = order?.shipping_address
  const name = [a?.first_name, a?.last_name].filter(Boolean).join(" ").trim()
  return name || a?.company || order?.email || null
}

function destinationOf(order: OrderInfo | undefined): string | null {
  const a = order?.shipping_address
  const parts = [a?.city, a?.country_code?.toUpperCase()].filter(Boolean)
  return parts.length ? parts.join(", ") : null
}

export function awaitingOrderView(
  row: {
    order_id: string
    status: string
    last_error?: unknown
    option_id?: string | null
    lane?: Lane | null
    display_id?: number | null
    placed_at?: Date | string | null
    held_at?: Date | string | null
    attempts?: number | null
  },
  order: OrderInfo | undefined,
  serviceName: (id: string | null | undefined) => string | null
): ReadyOrder {
  const state = (
    row.status === "failed" || row.status === "held" || row.status === "waiting"
      ? row.status
      : "manual"
  ) as ReadyState
  const reason =
    state === "failed"
      ? (errorView(row.last_error)?.message ?? "The label could not be bought.")
      : state === "waiting"
        ? (errorView(row.last_error)?.message ??
          "Waiting for the shipping service to answer again")
        : state === "held"
          ? `Held by an admin${row.held_at ? ` since ${iso(row.held_at)!.slice(0, 16).replace("T", " ")} UTC` : ""}`
          : "Automatic fulfillment was off when it was placed"
  return {
    order_id: row.order_id,
    display_id: order?.display_id ?? row.display_id ?? null,
    placed_at: iso(order?.created_at ?? row.placed_at),
    customer: customerOf(order),
    destination: destinationOf(order),
    service: { id: row.option_id ?? null, name: serviceName(row.option_id) },
    lane: row.lane ?? null,
    state,
    reason,
    tracking_number: null,
    labelled_at: null,
  }
}

export function labelledOrderView(
  row: {
    order_id: string | null
    option_id: string
    variant: string
    customs?: unknown
    tracking_number?: string | null
    created_at?: Date | string | null
  },
  order: OrderInfo | undefined,
  serviceName: (id: string | null | undefined) => string | null,
  bought: string[] | null = null
): ReadyOrder {
  return {
    order_id: row.order_id as string,
    display_id: order?.display_id ?? null,
    placed_at: iso(order?.created_at),
    customer: customerOf(order),
    destination: destinationOf(order),
    service: { id: row.option_id, name: serviceName(row.option_id), bought },
    lane:
      ALWAYS_CROSS_BORDER.includes(row.variant as Variant) || row.customs
        ? "cross-border"
        : "domestic",
    state: "labelled",
    reason: "Label bought, not printed yet",
    tracking_number: row.tracking_number ?? null,
    labelled_at: iso(row.created_at),
  }
}
