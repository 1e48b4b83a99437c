import type {
  TrackingEvent,
  TrackingResponse,
} from "../../shipping-api/schemas/tracking"
import { rowOfScan, type EventRow } from "./rows"

/**
 * A tracking response (doc 3) → the rows the polling fallback stores: one per scan of
 * scanDetailsList, each through rowOfScan (same dedupe key as the same scan delivered by webhook,
 * so the two sources never store it twice), with the shipment it belongs to. When the list is
 * empty, currentStatus ("the most recent event") stands for it. Scans that say nothing (no
 * status, no code, no date) are left out; a scan repeated within one response is kept once.
 * The shipment's own tracking number is used, not the answer's (an IMb answer may carry only
 * its first 20 digits, doc 3 rule 7). Pure.
 */
export type PolledEventRow = EventRow & { shipment_id: string | null }

function saysSomething(
  e: TrackingEvent | null | undefined
): e is TrackingEvent {
  return (
    !!e &&
    [e.packageStatus, e.standardizedEventCode, e.eventDate].some(
      (v) => typeof v === "string" && v.trim() !== ""
    )
  )
}

export function rowsOfTrackingResponse(
  trackingNumber: string,
  response: Pick<TrackingResponse, "scanDetailsList" | "currentStatus">,
  shipmentId: string | null = null
): PolledEventRow[] {
  const number = trackingNumber.trim()
  const scans = (response.scanDetailsList ?? []).filter(saysSomething)
  const source = scans.length
    ? scans
    : saysSomething(response.currentStatus)
      ? [response.currentStatus]
      : []
  const seen = new Set<string>()
  const rows: PolledEventRow[] = []
  for (const scan of source) {
    const row = rowOfScan(number, scan)
    if (seen.has(row.dedupe_key)) continue
    seen.add(row.dedupe_key)
    rows.push({ ...row, shipment_id: shipmentId })
  }
  return rows
}
