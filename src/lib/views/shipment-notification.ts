/**
 * The data of a customer notification about a fulfillment's parcels (Medusa's shipment.created
 * and delivery.created), as a template gets it: the order, and every parcel's tracking number
 * and public tracking link from the fulfillment's labels (Medusa's own record). Pure.
 */
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
  /** The first parcel's, for templates that show one. */
  tracking_number: string | null
  tracking_url: string | null
  parcels: { tracking_number: string; tracking_url: string | null }[]
  /** What this fulfillment holds, as the order lists it. */
  items: { title: string; quantity: number }[]
  /**
   * The exchange or claim whose replacement it is (the email can say so: "your replacement"), or
   * null for the order's own items and items an edit added.
   */
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
