/**
 * A tracking notification as the service delivers it to the webhook (doc 3): one postal
 * "In transit" scan at Newark, over which `extra` writes. One builder for the webhook tests and
 * the ingest bench.
 */
export function inTransitNotification(
  trackingNumber: string,
  extra: Record<string, unknown> = {}
): Record<string, unknown> {
  return {
    trackingNumber,
    carrier: "POSTAL",
    status: "InTransit",
    packageStatus: "InTransit",
    standardizedEventCode: "ITR",
    eventDate: "2026-03-03",
    eventTime: "08:00:00",
    eventTimeOffset: "-05:00",
    eventCity: "Newark",
    eventStateOrProvince: "NJ",
    country: "US",
    eventDescription: "In transit",
    ...extra,
  }
}
