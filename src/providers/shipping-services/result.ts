import type { PluginOptions, ServiceOption } from "../../options"

/** What `fulfillment.data` holds (the store API exposes it): ids and the tracking number only. */
export type ShipmentDataRef = {
  /** The plugin's shipment record. */
  shipment_id: string
  tracking_number: string | null
  carrier: string
  service_id: string
  option_id: string
  is_return: boolean
}

export const DATA_KEY = "shipping_services"

export function shipmentRefOf(data: Record<string, unknown> | undefined | null): ShipmentDataRef | undefined {
  const ref = data?.[DATA_KEY] as ShipmentDataRef | undefined
  return ref && typeof ref.shipment_id === "string" ? ref : undefined
}

export function trackingUrlOf(options: PluginOptions, trackingNumber: string, carrier: string): string {
  return options.trackingUrlTemplate
    .replace("{trackingNumber}", encodeURIComponent(trackingNumber))
    .replace("{carrier}", encodeURIComponent(carrier))
}

/**
 * A stable route of the plugin serving the stored label to admins (the service's own label URL
 * lives 24 hours). Absolute when the store's public URL is configured.
 */
export function labelUrlOf(options: PluginOptions, shipmentRecordId: string): string {
  return `${options.webhook.publicUrl ?? ""}/admin/shipping-services/shipments/${shipmentRecordId}/label`
}

export function serviceRef(service: ServiceOption) {
  return { option_id: service.id, service_id: service.serviceId }
}
