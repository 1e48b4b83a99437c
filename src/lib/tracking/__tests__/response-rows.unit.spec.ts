import { rowOfNotification } from "../rows"
import { rowsOfTrackingResponse } from "../response-rows"

const scan = (over: Record<string, unknown> = {}) => ({
  standardizedEventCode: "DEP",
  packageStatus: "InTransit",
  eventDate: "2026-03-03",
  eventTime: "08:00:00",
  eventTimeOffset: "-05:00",
  eventCity: "Newark",
  eventStateOrProvince: "NJ",
  country: "US",
  eventDescription: "Departed facility",
  ...over,
})

describe("tracking response → stored rows (polling)", () => {
  it("turns every scan into a row of the shipment, newest-first list or not", () => {
    const response = {
      scanDetailsList: [
        scan({
          standardizedEventCode: "DLD",
          packageStatus: "Delivered",
          eventDate: "2026-03-04",
          eventTime: "14:05:00",
          eventDescription: "Delivered",
        }),
        scan(),
        scan({
          standardizedEventCode: "MAN",
          packageStatus: "Manifest",
          eventDate: "2026-03-02",
          eventTime: "15:00:00",
          eventDescription: "Label created",
        }),
      ],
    }
    const rows = rowsOfTrackingResponse(" 9400TN ", response as any, "ssship_1")
    expect(rows.map((r) => r.package_status)).toEqual([
      "Delivered",
      "InTransit",
      "Manifest",
    ])
    expect(
      rows.every(
        (r) =>
          r.source === "poll" &&
          r.kind === "tracking" &&
          r.shipment_id === "ssship_1" &&
          r.tracking_number === "9400TN"
      )
    ).toBe(true)
    expect(rows[1]).toMatchObject({
      event_code: "DEP",
      location: "Newark, NJ, US",
      description: "Departed facility",
      reference_id: null,
    })
    expect(rows[1]!.occurred_at?.toISOString()).toBe("2026-03-03T13:00:00.000Z")
    expect(rows[1]!.payload).toMatchObject({
      trackingNumber: "9400TN",
      standardizedEventCode: "DEP",
    })
  })

  it("gives a polled scan the key of the same scan delivered by webhook, so neither source stores it twice", () => {
    const [polled] = rowsOfTrackingResponse("9400TN", {
      scanDetailsList: [scan()],
    } as any)
    const hooked = rowOfNotification(
      {
        kind: "tracking",
        trackingNumber: "9400TN",
        carrier: "POSTAL",
        status: "InTransit",
        eventId: "9400TN-03",
        ...scan(),
      } as any,
      "ref-1"
    )
    expect(polled!.dedupe_key).toBe(hooked.dedupe_key)
  })

  it("keeps a scan repeated within one answer once and drops empty scans", () => {
    const rows = rowsOfTrackingResponse("TN", {
      scanDetailsList: [scan(), scan(), {}, { latitude: "40.7" }],
    } as any)
    expect(rows).toHaveLength(1)
  })

  it("falls back on currentStatus when the list is empty, and returns nothing for an answer without events", () => {
    expect(
      rowsOfTrackingResponse("TN", {
        scanDetailsList: [],
        currentStatus: scan({
          packageStatus: "Acceptance",
          standardizedEventCode: "ACC",
        }),
      } as any).map((r) => r.package_status)
    ).toEqual(["Acceptance"])
    expect(rowsOfTrackingResponse("TN", {} as any)).toEqual([])
    expect(
      rowsOfTrackingResponse("TN", {
        scanDetailsList: null,
        currentStatus: null,
      } as any)
    ).toEqual([])
  })
})
