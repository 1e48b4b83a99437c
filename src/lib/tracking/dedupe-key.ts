/**
 * The unique key of one scan (shared/spec/4: deliveries repeat and arrive out of order).
 * Tracking number + event code + local date, time and offset identify a scan whether it came by
 * webhook or by polling (doc 3 scans carry no event id), so the two sources never store it
 * twice; the service's event id is the key only when the notification has no date.
 */
export type DedupeInput = {
  kind: "tracking" | "locker"
  trackingNumber: string
  eventId?: string | null
  code?: string | null
  eventDate?: string | null
  eventTime?: string | null
  eventTimeOffset?: string | null
}

export function dedupeKey(n: DedupeInput): string {
  if (n.eventId?.trim() && !n.eventDate?.trim()) {
    return `${n.kind}:id:${n.eventId.trim()}`
  }
  return [
    n.kind,
    n.trackingNumber.trim(),
    n.code?.trim() ?? "",
    `${n.eventDate?.trim() ?? ""}T${n.eventTime?.trim() ?? ""}${n.eventTimeOffset?.trim() ?? ""}`,
  ].join("|")
}
