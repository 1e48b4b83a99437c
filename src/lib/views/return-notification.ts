import type { PluginOptions } from "../../options/schema"
import type { ReturnLabelView } from "./return-view"

/** Label files go as attachments; QR codes inline under `content_id` (`<img src="cid:…">`). */
export type ReturnNotificationData = {
  order_id: string
  display_id: number | string | null
  return_id: string
  label_page_url: string | null
  /** Absolute when webhook.publicUrl is set (a storefront fetches it with the customer's login). */
  label_url: string | null
  /** For templates that show one. */
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

export function labelPageUrlOf(
  template: string | undefined,
  ids: { order_id: string; return_id: string }
): string | null {
  if (!template) return null
  return template
    .replaceAll("{order_id}", encodeURIComponent(ids.order_id))
    .replaceAll("{return_id}", encodeURIComponent(ids.return_id))
}

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
