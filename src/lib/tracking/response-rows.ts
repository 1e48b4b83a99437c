import type {
  TrackingEvent,
  TrackingResponse,
} from "../../shipping-api/schemas/tracking"
import { rowOfScan, type EventRow } from "./rows"

/**
 * A tracking response (doc 3) → the rows polling stores, one per scan (the webhook's dedupe key:
 * never stored twice), currentStatus when the list is empty; empty scans left out. The shipment's
 * own tracking number is used (an IMb answer may carry only 20 digits, doc 3 rule 7).
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
