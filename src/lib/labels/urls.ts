import type { PluginOptions } from "../../options/schema"

/** The public tracking page of a parcel (options.trackingUrlTemplate). */
export function trackingUrlOf(
  options: Pick<PluginOptions, "trackingUrlTemplate">,
  trackingNumber: string,
  carrier: string
): string {
  return options.trackingUrlTemplate
    .replace("{trackingNumber}", encodeURIComponent(trackingNumber))
    .replace("{carrier}", encodeURIComponent(carrier))
}

/**
 * A stable route of the plugin serving the stored label to admins (the service's own label URL
 * lives 24 hours). Absolute when the store's public URL is configured.
 */
export function labelUrlOf(
  options: Pick<PluginOptions, "webhook">,
  shipmentRecordId: string
): string {
  return `${options.webhook.publicUrl ?? ""}/admin/shipping-services/shipments/${shipmentRecordId}/label`
}
