import { lockerNotificationSchema, parseNotificationBody, trackingNotificationSchema } from "../notification"

const tracking = {
  trackingNumber: "9400100000000000000000",
  carrier: "POSTAL",
  status: "Delivered",
  eventId: "evt-1",
  standardizedEventCode: "DLD",
  packageStatus: "Delivered",
  eventDate: "2026-01-15",
  eventTime: "14:03:00",
  eventTimeOffset: "-05:00",
  eventCity: "NEW YORK",
  eventStateOrProvince: "NY",
  postalCode: "10001",
  country: "US",
  scanType: "01",
  scanDescription: "Delivered",
}

const locker = { event: "deposit", trackingNumber: "9400100000000000000001", lockerId: "L-7", eventDate: "2026-01-15", eventTime: "10:00:00" }

describe("webhook notifications (doc 4)", () => {
  it("reads an array of tracking and locker notifications, telling them apart", () => {
    const r = parseNotificationBody([tracking, locker])
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.notifications.map((n) => n.kind)).toEqual(["tracking", "locker"])
    expect(r.notifications[0]).toMatchObject({ trackingNumber: tracking.trackingNumber, status: "Delivered", eventId: "evt-1" })
    expect(r.notifications[1]).toMatchObject({ event: "deposit", lockerId: "L-7" })
  })

  it("accepts a single object not wrapped in an array", () => {
    const r = parseNotificationBody(tracking)
    expect(r.ok && r.notifications).toHaveLength(1)
  })

  it("keeps unknown fields and tolerates nulls and a missing eventId", () => {
    const r = trackingNotificationSchema.parse({ ...tracking, eventId: undefined, l2Description: null, newField: 1 })
    expect(r).toHaveProperty("newField", 1)
    expect(r.l2Description).toBeUndefined()
  })

  it("accepts updatereservation, listed by the applicable-events operation", () => {
    expect(lockerNotificationSchema.safeParse({ ...locker, event: "updatereservation" }).success).toBe(true)
  })

  it("reports each bad notification with its path, and still gives the good ones", () => {
    const r = parseNotificationBody([tracking, { ...tracking, trackingNumber: "" }, { ...locker, event: "Delivered" }, 42])
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.notifications).toHaveLength(1)
    expect(r.violations.map((v) => [v.path, v.rule])).toEqual([
      ["[1].trackingNumber", "notification.tracking.trackingNumber"],
      ["[2].event", "notification.locker.event"],
      ["[3]", "notification.body.object"],
    ])
    expect(r.violations.every((v) => v.source === "doc 4, Webhook notifications")).toBe(true)
  })

  it.each([
    ["no status", { ...tracking, status: undefined }, "status"],
    ["no tracking number", { ...tracking, trackingNumber: undefined }, "trackingNumber"],
  ])("refuses a tracking notification with %s", (_, body, field) => {
    const r = parseNotificationBody(body)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.violations[0]).toMatchObject({ path: field, message: "is required" })
  })

  it("refuses a locker notification without date or time, and an empty array", () => {
    expect(parseNotificationBody({ ...locker, eventDate: undefined }).ok).toBe(false)
    expect(parseNotificationBody([]).ok).toBe(false)
    expect(parseNotificationBody(null).ok).toBe(false)
  })
})
