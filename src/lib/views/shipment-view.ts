import type { PluginOptions } from "../../options/schema"
import { trackingUrlOf } from "../labels/urls"
import { parcelStatusOf } from "./parcel-status"
import { labelFileName, labelFileType } from "../labels/files"
import { reprintState, type ReprintState } from "../shipments/reprints"
import { labelRemovedView, type LabelRemovedView } from "../labels/removed"
import {
  voidability,
  type FulfillmentState,
  type Voidability,
} from "../shipments/voidability"
import {
  estimatedDeliveryOf,
  type EstimatedDelivery,
} from "./estimated-delivery"
import {
  adminTimeline,
  eventsOfShipment,
  type AdminTimelineEntry,
  type StoredEvent,
} from "./timeline"
import type { Variant } from "../../shipping-api/constants"
import type { RateChoice } from "../rate-shopping/rate-choice"

export type ShipmentRow = {
  id: string
  fulfillment_id: string | null
  order_id: string | null
  is_return: boolean
  option_id: string
  variant: Variant
  carrier: string
  service_id: string
  parcel_type: string | null
  status: string
  shipment_id: string | null
  tracking_number: string | null
  tracking_url: string | null
  label_type: string | null
  label_format: string | null
  label_size: string | null
  label_content_type: string | null
  label_files: unknown
  label_pending: unknown
  label_source_url: string | null
  /** Retention (documents.keepDays). */
  documents_removed_at?: Date | string | null
  /** Newest stored version, read by the loader. */
  label_pages?: number
  parcel_index?: number | null
  parcel_count?: number | null
  parcel?: unknown
  orphaned_at?: Date | string | null
  void_reason?: string | null
  charges: unknown
  delivery_commitment: unknown
  /** RateChoice, else null. */
  rate_choice?: unknown
  reprint_count: number | null
  add_to_manifest: boolean
  manifest_id: string | null
  voided_at: Date | string | null
  void_status: string | null
  error: unknown
  tracking_status: string | null
  tracking_status_at: Date | string | null
  estimated_delivery: unknown
  last_event_at: Date | string | null
  sandbox_clock_at?: Date | string | null
  created_at: Date | string
}

export type LabelView = {
  /** Inline for PDF/PNG/GIF; relative to the backend. */
  url: string
  download_url: string
  format: string | null
  size: string | null
  type: string | null
  content_type: string | null
  mime_type: string
  file_name: string
  pages: number
  previewable: boolean
}

export type ShipmentView = {
  id: string
  fulfillment_id: string | null
  is_return: boolean
  status: string
  carrier: string
  variant: Variant
  /** services[].name, else the service id. */
  service: string
  service_id: string
  option_id: string
  parcel_type: string | null
  tracking_number: string | null
  tracking_url: string | null
  /** The latest plausible event's, never back from Delivered, as the shopper's route shows it. */
  tracking_status: string | null
  tracking_status_at: string | null
  estimated_delivery: EstimatedDelivery | null
  charges: Record<string, unknown> | null
  delivery_commitment: Record<string, unknown> | null
  /** The services compared (price, date, why refused), the saving. */
  rate_choice: RateChoice | null
  /** A test label from the local sandbox (its clock then). */
  sandbox: { clock_at: string } | null
  label: LabelView | null
  /** "label removed after N days; reprint" instead of a download. */
  label_removed: LabelRemovedView | null
  reprints: ReprintState
  void: Voidability
  voided_at: string | null
  void_status: string | null
  manifest_id: string | null
  add_to_manifest: boolean
  fulfillment: {
    shipped_at: string | null
    delivered_at: string | null
    canceled_at: string | null
  } | null
  parcel: ParcelInfo
  /** A purchase a stopped process left behind. */
  orphaned_at: string | null
  /** `kind: "return"` for a return of its own; null for an outbound label or one no return holds. */
  return_of: ReturnOf | null
  /** "orphan" when the plugin voided it on its own. */
  void_reason: string | null
  error: { message: string } | null
  timeline: AdminTimelineEntry[]
  created_at: string
}

export type ReturnOf = {
  kind: "return" | "exchange" | "claim"
  /** The return's own for a return of its own. */
  id: string
  return_id: string
}

export function returnOfReturn(ret: {
  id: string
  exchange_id?: string | null
  claim_id?: string | null
}): ReturnOf {
  if (ret.exchange_id)
    return { kind: "exchange", id: ret.exchange_id, return_id: ret.id }
  if (ret.claim_id)
    return { kind: "claim", id: ret.claim_id, return_id: ret.id }
  return { kind: "return", id: ret.id, return_id: ret.id }
}

export type ParcelInfo = {
  index: number
  count: number
  items: { line_item_id: string; quantity: number }[]
  weight_oz: number | null
  box: string | null
  /** For the declared value of its contents (services[].insurance). */
  insured: { amount: number; currency: string } | null
  hazmat: string[]
}

/** 1 of 1 for labels of versions before several parcels. */
export function parcelInfo(
  row: Pick<ShipmentRow, "parcel_index" | "parcel_count" | "parcel">
): ParcelInfo {
  const p = (
    row.parcel && typeof row.parcel === "object" ? row.parcel : {}
  ) as {
    items?: unknown
    weight_oz?: unknown
    box?: unknown
    insured?: { amount?: unknown; currency?: unknown } | null
    hazmat?: unknown
  }
  const items = Array.isArray(p.items)
    ? (p.items as { line_item_id: string; quantity: number }[])
    : []
  return {
    index: row.parcel_index ?? 0,
    count: row.parcel_count ?? 1,
    items,
    weight_oz: typeof p.weight_oz === "number" ? p.weight_oz : null,
    box: typeof p.box === "string" ? p.box : null,
    insured:
      typeof p.insured?.amount === "number" &&
      typeof p.insured.currency === "string"
        ? { amount: p.insured.amount, currency: p.insured.currency }
        : null,
    hazmat: Array.isArray(p.hazmat)
      ? p.hazmat.filter((h): h is string => typeof h === "string")
      : [],
  }
}

const iso = (v: Date | string | null | undefined): string | null =>
  v ? new Date(v).toISOString() : null
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : null

export const labelRoute = (shipmentId: string) =>
  `/admin/shipping-services/shipments/${shipmentId}/label`

/** Stored documents, files of earlier versions, pages waiting, or the service's URL. */
export function labelPages(
  row: Pick<
    ShipmentRow,
    "label_pages" | "label_files" | "label_pending" | "label_source_url"
  >
): number {
  if (row.label_pages) return row.label_pages
  const files = (obj(row.label_files)?.ids as unknown[] | undefined) ?? []
  if (files.length) return files.length
  const pending = (
    (obj(row.label_pending)?.pages as unknown[] | undefined) ?? []
  ).filter(Boolean)
  if (pending.length) return pending.length
  return row.label_source_url ? 1 : 0
}

export function labelView(row: ShipmentRow): LabelView | null {
  const pages = labelPages(row)
  if (!pages || row.status === "pending" || row.status === "failed") return null
  const type = labelFileType(row.label_format)
  const url = labelRoute(row.id)
  return {
    url,
    download_url: `${url}?download=1`,
    format: row.label_format,
    size: row.label_size,
    type: row.label_type,
    content_type: row.label_content_type,
    mime_type: type.mimeType,
    file_name: labelFileName(row.tracking_number, row.label_format, 0, pages),
    pages,
    previewable: type.inline,
  }
}

export function errorView(error: unknown): { message: string } | null {
  const message = obj(error)?.message
  return typeof message === "string" && message ? { message } : null
}

export function trackingUrlFor(
  options: Pick<PluginOptions, "trackingUrlTemplate">,
  row: Pick<ShipmentRow, "tracking_url" | "tracking_number" | "carrier">
): string | null {
  if (row.tracking_url) return row.tracking_url
  return row.tracking_number
    ? trackingUrlOf(options as PluginOptions, row.tracking_number, row.carrier)
    : null
}

export function serviceName(
  options: Pick<PluginOptions, "services">,
  row: Pick<ShipmentRow, "option_id" | "service_id">
): string {
  return (
    options.services.find((s) => s.id === row.option_id)?.name ?? row.service_id
  )
}

/** The route loads, this decides. */
export function shipmentView(input: {
  row: ShipmentRow
  events: readonly StoredEvent[]
  fulfillment: FulfillmentState
  options: Pick<PluginOptions, "services" | "trackingUrlTemplate"> &
    Partial<Pick<PluginOptions, "tracking" | "documents">>
  now: Date
  /** When the sandbox answers the plugin's calls. */
  sandboxNow?: Date | null
  returnOf?: ReturnOf | null
}): ShipmentView {
  const { row, fulfillment, options, now } = input
  const label = labelView(row)
  const reprints = reprintState(row)
  const events = eventsOfShipment(row, input.events)
  const status = parcelStatusOf({
    row,
    events,
    options,
    sandboxNow: input.sandboxNow,
    now,
  })
  return {
    id: row.id,
    fulfillment_id: row.fulfillment_id,
    is_return: row.is_return,
    status: row.status,
    carrier: row.carrier,
    variant: row.variant,
    service: serviceName(options, row),
    service_id: row.service_id,
    option_id: row.option_id,
    parcel_type: row.parcel_type,
    tracking_number: row.tracking_number,
    tracking_url: trackingUrlFor(options, row),
    tracking_status: status.status,
    tracking_status_at: iso(status.status_at ?? row.tracking_status_at),
    estimated_delivery: estimatedDeliveryOf(row),
    charges: obj(row.charges),
    delivery_commitment: obj(row.delivery_commitment),
    rate_choice: Array.isArray(obj(row.rate_choice)?.compared)
      ? (row.rate_choice as RateChoice)
      : null,
    sandbox: row.sandbox_clock_at
      ? { clock_at: iso(row.sandbox_clock_at)! }
      : null,
    label,
    label_removed: label
      ? null
      : labelRemovedView(row, options.documents?.keepDays ?? null, reprints),
    reprints,
    void: voidability(row, fulfillment, now),
    voided_at: iso(row.voided_at),
    void_status: row.void_status,
    manifest_id: row.manifest_id,
    add_to_manifest: row.add_to_manifest,
    fulfillment: fulfillment
      ? {
          shipped_at: iso(fulfillment.shipped_at),
          delivered_at: iso(fulfillment.delivered_at),
          canceled_at: iso(fulfillment.canceled_at),
        }
      : null,
    parcel: parcelInfo(row),
    orphaned_at: iso(row.orphaned_at),
    return_of: row.is_return ? (input.returnOf ?? null) : null,
    void_reason: row.void_reason ?? null,
    error: errorView(row.error),
    timeline: adminTimeline(events, status.ignored),
    created_at: new Date(row.created_at).toISOString(),
  }
}
