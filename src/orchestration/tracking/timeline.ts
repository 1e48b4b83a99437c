import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fulfillmentMatters } from "../../lib/tracking/plan"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"

// Not the label columns: only what the apply path reads.
const SHIPMENT_FIELDS = [
  "id",
  "status",
  "tracking_status",
  "tracking_number",
  "fulfillment_id",
  "order_id",
  "is_return",
  "shipped_applied_at",
  "delivered_applied_at",
  "created_at",
  "sandbox_clock_at",
  "parcel_index",
  "parcel_count",
  "carrier",
  "service_id",
  "option_id",
  // The summary as it is, so that an apply changing nothing writes nothing.
  "tracking_status_at",
  "last_event_at",
  "next_poll_at",
]
const EVENT_FIELDS = [
  "id",
  "kind",
  "package_status",
  "occurred_at",
  "created_at",
  "processed_at",
  "outcome",
]

type Shipment = Awaited<
  ReturnType<ShippingServicesModuleService["listShipments"]>
>[number]
type TimelineEvent = Awaited<
  ReturnType<ShippingServicesModuleService["listTrackingEvents"]>
>[number]

export type FulfillmentState = {
  id: string
  shipped_at?: string | null
  delivered_at?: string | null
  canceled_at?: string | null
  items?: { line_item_id?: string | null; quantity?: number }[]
  order?: { id: string; no_notification?: boolean | null } | null
}

/**
 * What one apply reads, under its lock: the shipment, its events, its fulfillment when it can
 * change the plan, and for a parcel among several the other parcels and their events.
 */
export async function readTimeline(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  shipmentId: string
) {
  const read = await shipping
    .tracking()
    .timeline(shipmentId, SHIPMENT_FIELDS, EVENT_FIELDS)
  if (!read) return undefined
  const shipment = read.shipment as Shipment
  const events = read.events as TimelineEvent[]
  const several = !!shipment.fulfillment_id && (shipment.parcel_count ?? 1) > 1
  // Most deliveries change nothing in Medusa (a scan in transit after "shipped"): the fulfillment
  // is read only when it can change the plan, and always for a parcel among several.
  const fulfillment =
    shipment.is_return || !shipment.fulfillment_id
      ? null
      : several || fulfillmentMatters(shipment, events)
        ? await fulfillmentState(container, shipment.fulfillment_id)
        : ("not-needed" as const)
  const parcels = several
    ? await shipping.listShipments(
        { fulfillment_id: shipment.fulfillment_id },
        { select: SHIPMENT_FIELDS, order: { parcel_index: "ASC" } }
      )
    : [shipment]
  const others = parcels.filter(
    (p) => p.id !== shipment.id && p.status !== "voided"
  )
  const othersEvents = await Promise.all(
    others.map((p) =>
      shipping.listTrackingEvents(
        { shipment_id: p.id },
        { select: EVENT_FIELDS }
      )
    )
  )
  return { shipment, events, fulfillment, parcels, others, othersEvents }
}

async function fulfillmentState(
  container: MedusaContainer,
  fulfillmentId: string
): Promise<FulfillmentState | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: [
      "id",
      "shipped_at",
      "delivered_at",
      "canceled_at",
      "items.line_item_id",
      "items.quantity",
      "order.id",
      "order.no_notification",
    ],
    filters: { id: fulfillmentId },
  })
  return (data[0] as FulfillmentState | undefined) ?? null
}
