import type { PluginOptions } from "../../options/schema"
import type { ReturnLabelView } from "./return-view"

/**
 * The data of the "your return label" notification (options.notifications.returnLabel), as a
 * template gets it. The files themselves go as the notification's attachments: each label, and
 * each QR code inline under `content_id` (a template shows it with `<img src="cid:…">`). Pure.
 */
export type ReturnNotificationData = {
  order_id: string
  display_id: number | string | null
  return_id: string
  /** The storefront page of returns.labelPageUrl, when configured. */
  label_page_url: string | null
  /** The first label's store route, absolute when webhook.publicUrl is set (a storefront fetches it with the customer's login). */
  label_url: string | null
  /** Content id of the first QR code attachment, for templates that show one. */
  qr_code_cid: string | null
  labels: {
    parcel_number: number
    parcel_count: number
    kind: ReturnLabelView["kind"]
    format: string | null
    tracking_number: string
    tracking_url: string | null
    url: string
    file_name: string
    content_id: string | null
  }[]
}

/** returns.labelPageUrl with {order_id} and {return_id} replaced. */
export function labelPageUrlOf(
  template: string | undefined,
  ids: { order_id: string; return_id: string }
): string | null {
  if (!template) return null
  return template
    .replaceAll("{order_id}", encodeURIComponent(ids.order_id))
    .replaceAll("{return_id}", encodeURIComponent(ids.return_id))
}

/** Content id of a QR code attachment. */
export function qrContentId(parcelNumber: number): string {
  return `return-qr-${parcelNumber}`
}

export function returnNotificationData(input: {
  order: { id: string; display_id?: number | string | null }
  returnId: string
  labels: readonly ReturnLabelView[]
  options: Pick<PluginOptions, "returns" | "webhook">
}): ReturnNotificationData {
  const base = input.options.webhook.publicUrl ?? ""
  const labels = input.labels.map((l) => ({
    parcel_number: l.parcel_number,
    parcel_count: l.parcel_count,
    kind: l.kind,
    format: l.format,
    tracking_number: l.tracking_number,
    tracking_url: l.tracking_url,
    url: `${base}${l.url}`,
    file_name: l.file_name,
    content_id: l.kind === "qr_code" ? qrContentId(l.parcel_number) : null,
  }))
  return {
    order_id: input.order.id,
    display_id: input.order.display_id ?? null,
    return_id: input.returnId,
    label_page_url: labelPageUrlOf(input.options.returns.labelPageUrl, {
      order_id: input.order.id,
      return_id: input.returnId,
    }),
    label_url: labels[0]?.url ?? null,
    qr_code_cid: labels.find((l) => l.content_id)?.content_id ?? null,
    labels,
  }
}
