import type { PluginOptions } from "../../options/schema"
import { parcelStatusOf } from "./parcel-status"
import {
  estimatedDeliveryOf,
  type EstimatedDelivery,
} from "./estimated-delivery"
import { serviceName, trackingUrlFor, type ShipmentRow } from "./shipment-view"
import {
  eventsOfShipment,
  publicTimeline,
  type StoredEvent,
  type TimelineEntry,
} from "./timeline"

/** Deliberately narrow (the store API is public): no ids, charges, label or shipper account. */
export type ParcelView = {
  direction: "outbound" | "return"
  /** "parcel 2 of 3" */
  parcel_number: number
  parcel_count: number
  carrier: string
  service: string
  tracking_number: string
  tracking_url: string | null
  status: string | null
  status_at: string | null
  estimated_delivery: EstimatedDelivery | null
  shipped_at: string | null
  delivered_at: string | null
  timeline: TimelineEntry[]
}

const iso = (v: Date | string | null | undefined): string | null =>
  v ? new Date(v).toISOString() : null

/** Created (not voided, pending or failed) with a tracking number. */
export function isTrackable(
  row: Pick<ShipmentRow, "status" | "tracking_number">
): boolean {
  return row.status === "created" && !!row.tracking_number
}

export function parcelView(input: {
  row: ShipmentRow
  events: readonly StoredEvent[]
  fulfillment: {
    shipped_at?: Date | string | null
    delivered_at?: Date | string | null
  } | null
  options: Pick<PluginOptions, "services" | "trackingUrlTemplate"> &
    Partial<Pick<PluginOptions, "tracking">>
  sandboxNow?: Date | null
}): ParcelView {
  const { row, fulfillment, options } = input
  const events = eventsOfShipment(row, input.events)
  // One function for both views: the admin's widget shows the same.
  const status = parcelStatusOf({
    row,
    events,
    options,
    sandboxNow: input.sandboxNow,
  })
  return {
    direction: row.is_return ? "return" : "outbound",
    parcel_number: (row.parcel_index ?? 0) + 1,
    parcel_count: row.parcel_count ?? 1,
    carrier: row.carrier,
    service: serviceName(options, row),
    tracking_number: row.tracking_number as string,
    tracking_url: trackingUrlFor(options, row),
    status: status.status,
    status_at: iso(status.status_at ?? row.tracking_status_at),
    estimated_delivery: estimatedDeliveryOf(row),
    shipped_at: iso(fulfillment?.shipped_at),
    delivered_at: iso(fulfillment?.delivered_at),
    timeline: publicTimeline(events, status.ignored),
  }
}
