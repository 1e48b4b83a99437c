import { locationOf, rowOfNotification, rowOfScan } from "../rows"

const scan = {
  standardizedEventCode: "DLD",
  packageStatus: "Delivered",
  eventDate: "2026-03-04",
  eventTime: "14:05:00",
  eventTimeOffset: "-05:00",
  eventCity: "New York",
  eventStateOrProvince: "NY",
  postalCode: "10001",
  country: "US",
  eventDescription: "Delivered, front door",
}

describe("tracking event rows", () => {
  it("turns a tracking notification into a row, offset applied", () => {
    const row = rowOfNotification(
      {
        kind: "tracking",
        trackingNumber: " TN1 ",
        status: "Delivered",
        eventId: "e1",
        ...scan,
      } as any,
      "ref-1"
    )
    expect(row).toMatchObject({
      kind: "tracking",
      source: "webhook",
      tracking_number: "TN1",
      package_status: "Delivered",
      event_code: "DLD",
      description: "Delivered, front door",
      location: "New York, NY 10001, US",
      reference_id: "ref-1",
    })
    expect(row.occurred_at?.toISOString()).toBe("2026-03-04T19:05:00.000Z")
  })

  it("gives a polled scan the same key as the same scan delivered by webhook", () => {
    const hook = rowOfNotification(
      {
        kind: "tracking",
        trackingNumber: "TN1",
        status: "Delivered",
        eventId: "e1",
        ...scan,
      } as any,
      null
    )
    const poll = rowOfScan("TN1", scan as any)
    expect(poll.dedupe_key).toBe(hook.dedupe_key)
    expect(poll.source).toBe("poll")
  })

  it("keeps locker notifications apart", () => {
    const row = rowOfNotification(
      {
        kind: "locker",
        event: "deposit",
        trackingNumber: "TN1",
        lockerId: "L-9",
        eventDate: "2026-03-04",
        eventTime: "10:00:00",
      } as any,
      null
    )
    expect(row).toMatchObject({
      kind: "locker",
      event_code: "deposit",
      package_status: null,
      description: "Locker deposit (L-9)",
    })
    expect(row.dedupe_key).not.toBe(rowOfScan("TN1", scan as any).dedupe_key)
  })

  it("writes places from whatever is given", () => {
    expect(locationOf({ eventCity: "Leeds", country: "GB" })).toBe("Leeds, GB")
    expect(locationOf({})).toBeNull()
  })
})
