import { errorView } from "../views/shipment-view"

export const BATCH_ITEM_STATUSES = [
  "waiting",
  "running",
  "done",
  "failed",
] as const
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number]

export type BatchRow = {
  id: string
  status: "buying" | "printing" | "done"
  mode: "buy" | "print"
  layout: string
  packing_slips: boolean
  commercial_invoices: boolean
  separate: boolean
  refused?: unknown
  files?: unknown
  print_version?: number | null
  print_error?: unknown
  created_by?: string | null
  created_at?: Date | string | null
  finished_at?: Date | string | null
  files_removed_at?: Date | string | null
  lease_until?: Date | string | null
}

export type BatchItemRow = {
  id: string
  position?: number | null
  order_id: string
  display_id?: number | null
  status: BatchItemStatus
  error?: unknown
  attempts?: number | null
  shipment_ids?: unknown
  note?: string | null
}

export type BatchFile = {
  kind: "combined" | "labels" | "packing-slips" | "commercial-invoices" | "zpl"
  document_id: string
  file_name: string
  mime_type: string
  /** Sheets (PDF) or labels (ZPL). */
  pages: number
  documents: number
  size: number
  layout: string | null
}

/** `{ ids: [...] }` in a JSON column. */
export function idsOf(value: unknown): string[] {
  const ids = (value as { ids?: unknown } | null)?.ids
  return Array.isArray(ids)
    ? ids.filter((i): i is string => typeof i === "string")
    : []
}

export type BatchCounts = {
  total: number
  done: number
  failed: number
  waiting: number
  running: number
}

export type BatchItemView = {
  id: string
  order_id: string
  display_id: number | null
  status: BatchItemStatus
  /** In the service's words. */
  error: string | null
  attempts: number
  labels: number
  /** Chosen by rate shopping; null otherwise. */
  services: string[] | null
  note: string | null
}

export type BatchView = {
  id: string
  status: BatchRow["status"]
  mode: BatchRow["mode"]
  layout: string
  packing_slips: boolean
  commercial_invoices: boolean
  separate: boolean
  counts: BatchCounts
  refused: { order_id: string; display_id: number | null; reason: string }[]
  files: (BatchFile & { download_url: string })[]
  /** Removed after the last of the batch's labels; `files` lists what they were. */
  files_removed_at: string | null
  print_error: string | null
  created_at: string | null
  finished_at: string | null
  items?: BatchItemView[]
}

/** Running counts as waiting for the admin. */
export function batchCounts(statuses: Iterable<BatchItemStatus>): BatchCounts {
  const counts: BatchCounts = {
    total: 0,
    done: 0,
    failed: 0,
    waiting: 0,
    running: 0,
  }
  for (const status of statuses) {
    counts.total++
    counts[status]++
  }
  return counts
}

const iso = (d: Date | string | null | undefined) =>
  d ? new Date(d).toISOString() : null

export const BATCH_ROUTE = "/admin/shipping-services/batches"

export function batchItemView(
  item: BatchItemRow,
  bought?: ReadonlyMap<string, string>
): BatchItemView {
  const ids = (item.shipment_ids as { ids?: unknown[] } | null)?.ids
  const services = idsOf(item.shipment_ids)
    .map((id) => bought?.get(id))
    .filter((s): s is string => !!s)
  return {
    id: item.id,
    order_id: item.order_id,
    display_id: item.display_id ?? null,
    status: item.status,
    error:
      item.status === "failed"
        ? (errorView(item.error)?.message ?? "Failed.")
        : // Waiting for the service (not answering): why it waits, in its words.
          item.status === "waiting" &&
            (item.error as { away?: unknown } | null)?.away === true
          ? (errorView(item.error)?.message ?? null)
          : null,
    attempts: item.attempts ?? 0,
    labels: Array.isArray(ids) ? ids.length : 0,
    services: services.length ? services : null,
    note: item.note ?? null,
  }
}

export function batchView(
  batch: BatchRow,
  counts: BatchCounts,
  items?: BatchItemRow[],
  /** By shipment id, for labels a rate-shopping option bought. */
  bought?: ReadonlyMap<string, string>
): BatchView {
  const files = (
    Array.isArray(batch.files) ? (batch.files as BatchFile[]) : []
  ).map((f) => ({
    ...f,
    download_url: `${BATCH_ROUTE}/${batch.id}/files/${f.kind}`,
  }))
  return {
    id: batch.id,
    status: batch.status,
    mode: batch.mode,
    layout: batch.layout,
    packing_slips: batch.packing_slips,
    commercial_invoices: batch.commercial_invoices,
    separate: batch.separate,
    counts,
    refused: Array.isArray(batch.refused)
      ? (batch.refused as BatchView["refused"])
      : [],
    files,
    files_removed_at: iso(batch.files_removed_at),
    print_error: batch.print_error
      ? (errorView(batch.print_error)?.message ??
        "The print file could not be made.")
      : null,
    created_at: iso(batch.created_at),
    finished_at: iso(batch.finished_at),
    ...(items
      ? {
          items: [...items]
            .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
            .map((item) => batchItemView(item, bought)),
        }
      : {}),
  }
}

export function batchFileName(
  batchId: string,
  kind: BatchFile["kind"]
): string {
  const suffix = kind === "combined" || kind === "zpl" ? "" : `-${kind}`
  return `${batchId}${suffix}.${kind === "zpl" ? "zpl" : "pdf"}`.replace(
    /^ssbat_/,
    "batch-"
  )
}
