/** Medusa's shipment.created and delivery.created, with every parcel's tracking number and link. */
export type FulfillmentForNotice = {
  id: string
  items?:
    | {
        title?: string | null
        quantity?: number | string | null
        line_item_id?: string | null
      }[]
    | null
  labels?:
    { tracking_number?: string | null; tracking_url?: string | null }[] | null
  order?: {
    id: string
    display_id?: number | string | null
    email?: string | null
    no_notification?: boolean | null
  } | null
}

export type ShipmentNotificationData = {
  order_id: string
  display_id: number | string | null
  fulfillment_id: string
  /** For templates that show one. */
  tracking_number: string | null
  tracking_url: string | null
  parcels: { tracking_number: string; tracking_url: string | null }[]
  items: { title: string; quantity: number }[]
  /** The email can say "your replacement"; null for the order's own items and edits. */
  replacement: { type: "exchange" | "claim"; id: string } | null
}

export function shipmentNotificationData(
  f: FulfillmentForNotice,
  replacement: ShipmentNotificationData["replacement"] = null
): ShipmentNotificationData | null {
  if (!f.order) return null
  const parcels = (f.labels ?? [])
    .filter(
      (l): l is { tracking_number: string; tracking_url?: string | null } =>
        !!l.tracking_number
    )
    .map((l) => ({
      tracking_number: l.tracking_number,
      tracking_url: l.tracking_url || null,
    }))
  return {
    order_id: f.order.id,
    display_id: f.order.display_id ?? null,
    fulfillment_id: f.id,
    tracking_number: parcels[0]?.tracking_number ?? null,
    tracking_url: parcels[0]?.tracking_url ?? null,
    parcels,
    items: (f.items ?? [])
      .filter((i) => !!i.title)
      .map((i) => ({ title: i.title!, quantity: Number(i.quantity ?? 0) })),
    replacement,
  }
}
