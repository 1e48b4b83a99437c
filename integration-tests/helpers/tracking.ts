import { waitFor } from "../../dev/wait"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"

type Get = (url: string, config?: object) => Promise<{ data: any }>

/** An order's first parcel as the admin's widget and as the order's shopper read it. */
export async function trackingViews(
  api: { get: Get },
  admin: object,
  shopperHeaders: Record<string, string>,
  orderId: string
) {
  const { data: adminView } = await api.get(
    `/admin/shipping-services/orders/${orderId}/shipments`,
    admin
  )
  const { data: shopperView } = await api.get(
    `/store/shipping-services/orders/${orderId}/tracking`,
    { headers: shopperHeaders }
  )
  return {
    admin: adminView.shipments[0],
    shopper: shopperView.parcels[0],
  }
}

/** Waits until a shipment has at least `count` stored events, every one of them processed. */
export function eventsProcessed(
  shipping: ShippingServicesModuleService,
  shipmentId: string,
  count: number
) {
  return waitFor(async () => {
    const events = await shipping.listTrackingEvents({
      shipment_id: shipmentId,
    })
    return events.length >= count && events.every((e) => e.processed_at)
      ? events
      : undefined
  }, `${count} events of ${shipmentId} processed`)
}
