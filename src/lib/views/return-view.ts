import type { PluginOptions } from "../../options/schema"
import { labelFileName, labelFileType } from "../labels/files"
import { trackingUrlFor } from "./shipment-view"
import { returnLabelRefusal } from "../returns/cancel"
import { changeOfReturn } from "../returns/order-change"

export type ReturnLabelRow = {
  id: string
  fulfillment_id: string | null
  is_return: boolean
  status: string
  carrier: string
  option_id: string
  tracking_number: string | null
  tracking_url: string | null
  label_type: string | null
  label_format: string | null
  parcel_index?: number | null
  parcel_count?: number | null
  label_pages?: number
  /** A scanned parcel can no longer be withdrawn. */
  tracking_status?: string | null
}

/** No internal ids, charges or addresses: the store API is public. */
export type ReturnLabelView = {
  parcel_number: number
  parcel_count: number
  /** "label" (print and stick on the parcel) or "qr_code" (shown at the counter, GIF). */
  kind: "label" | "qr_code"
  format: string | null
  mime_type: string
  file_name: string
  pages: number
  /** Relative to the backend; `&page=N` (0-based) for later pages. */
  url: string
  tracking_number: string
  tracking_url: string | null
}

export type CustomerReturnView = {
  /** The customer has it from POST /store/returns. */
  id: string
  status: string | null
  requested_at: string | null
  /** Null for a return of its own. */
  exchange_id: string | null
  claim_id: string | null
  labels: ReturnLabelView[]
  /** As last recorded (the route checks every stored scan); never for an exchange's or claim's return. */
  cancelable: boolean
}

/** Not voided, pending or failed. */
export function isUsableReturnLabel(
  row: Pick<ReturnLabelRow, "status" | "is_return" | "tracking_number">
): boolean {
  return row.is_return && row.status === "created" && !!row.tracking_number
}

export function returnLabelPath(
  orderId: string,
  returnId: string,
  parcelNumber: number
): string {
  return `/store/shipping-services/orders/${encodeURIComponent(orderId)}/returns/${encodeURIComponent(returnId)}/label?parcel=${parcelNumber}`
}

export function returnLabelView(input: {
  row: ReturnLabelRow
  orderId: string
  returnId: string
  options: Pick<PluginOptions, "trackingUrlTemplate">
}): ReturnLabelView {
  const { row } = input
  const number = (row.parcel_index ?? 0) + 1
  const pages = Math.max(1, row.label_pages ?? 1)
  return {
    parcel_number: number,
    parcel_count: row.parcel_count ?? 1,
    kind: row.label_type === "QR_CODE" ? "qr_code" : "label",
    format: row.label_format,
    mime_type: labelFileType(row.label_format).mimeType,
    file_name: labelFileName(row.tracking_number, row.label_format),
    pages,
    url: returnLabelPath(input.orderId, input.returnId, number),
    tracking_number: row.tracking_number as string,
    tracking_url: trackingUrlFor(input.options, row),
  }
}

const iso = (v: Date | string | null | undefined): string | null =>
  v ? new Date(v).toISOString() : null

/** After these it is no longer the customer's to cancel. */
const SETTLED_RETURN = new Set(["received", "partially_received", "canceled"])

export function customerReturnView(input: {
  orderId: string
  ret: {
    id: string
    status?: string | null
    requested_at?: Date | string | null
    created_at?: Date | string | null
    exchange_id?: string | null
    claim_id?: string | null
  }
  rows: readonly ReturnLabelRow[]
  options: Pick<PluginOptions, "trackingUrlTemplate">
}): CustomerReturnView {
  const usable = input.rows.filter(isUsableReturnLabel)
  return {
    id: input.ret.id,
    status: input.ret.status ?? null,
    requested_at: iso(input.ret.requested_at ?? input.ret.created_at),
    exchange_id: input.ret.exchange_id ?? null,
    claim_id: input.ret.claim_id ?? null,
    cancelable:
      !changeOfReturn(input.ret) &&
      !SETTLED_RETURN.has(input.ret.status ?? "") &&
      usable.every(
        (row) =>
          !returnLabelRefusal({
            tracking_number: row.tracking_number,
            package_statuses: [row.tracking_status],
          })
      ),
    labels: [...usable]
      .sort((a, b) => (a.parcel_index ?? 0) - (b.parcel_index ?? 0))
      .map((row) =>
        returnLabelView({
          row,
          orderId: input.orderId,
          returnId: input.ret.id,
          options: input.options,
        })
      ),
  }
}
