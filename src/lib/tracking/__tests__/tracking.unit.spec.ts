import { dedupeKey } from "../dedupe-key"
import { eventInstant } from "../event-time"
import {
  pendingTransitions,
  progressOf,
  stepOfStatus,
  STEP_OF_STATUS,
} from "../status"
import { WEBHOOK_EVENTS } from "../../../shipping-api/constants"

describe("event time", () => {
  it("applies the offset", () => {
    expect(
      eventInstant("2026-03-01", "10:15:00", "-05:00")?.toISOString()
    ).toBe("2026-03-01T15:15:00.000Z")
    expect(eventInstant("2026-03-01", "10:15:00", "+0530")?.toISOString()).toBe(
      "2026-03-01T04:45:00.000Z"
    )
  })
  it("takes a missing offset as UTC and a missing time as midnight", () => {
    expect(eventInstant("2026-03-01", null, null)?.toISOString()).toBe(
      "2026-03-01T00:00:00.000Z"
    )
    expect(eventInstant("2026-03-01", "10:15", undefined)?.toISOString()).toBe(
      "2026-03-01T10:15:00.000Z"
    )
  })
  it("refuses what is not a date", () => {
    expect(eventInstant("03/01/2026", "10:00:00", "Z")).toBeNull()
    expect(eventInstant(undefined, "10:00:00", "-05:00")).toBeNull()
  })
})

describe("status → Medusa step", () => {
  it("maps every package status of doc 3", () => {
    expect(Object.keys(STEP_OF_STATUS).sort()).toEqual(
      [...WEBHOOK_EVENTS.tracking].sort()
    )
    expect(
      ["Acceptance", "PickedUp", "InTransit", "OutForDelivery"].map(
        stepOfStatus
      )
    ).toEqual(Array(4).fill("shipped"))
    expect(stepOfStatus("Delivered")).toBe("delivered")
    expect(
      [
        "DeliveryAttempt",
        "Exception",
        "ReturnToSender",
        "ReadyForPickup",
        "PickupMissed",
      ].map(stepOfStatus)
    ).toEqual(Array(5).fill("notice"))
    expect(stepOfStatus("Manifest")).toBe("none")
    expect(stepOfStatus("SomethingNew")).toBe("none")
  })

  it("never moves backwards", () => {
    expect(progressOf(["Manifest", "Delivered", "InTransit"])).toBe("delivered")
    expect(progressOf(["InTransit", "Exception"])).toBe("shipped")
    expect(progressOf(["Manifest"])).toBe("none")
  })

  it("lists the transitions still to apply", () => {
    expect(
      pendingTransitions("delivered", { shipped: false, delivered: false })
    ).toEqual(["shipped", "delivered"])
    expect(
      pendingTransitions("delivered", { shipped: true, delivered: false })
    ).toEqual(["delivered"])
    expect(
      pendingTransitions("shipped", { shipped: true, delivered: false })
    ).toEqual([])
    expect(
      pendingTransitions("shipped", { shipped: false, delivered: true })
    ).toEqual([])
    expect(
      pendingTransitions("none", { shipped: false, delivered: false })
    ).toEqual([])
  })
})

describe("dedupe key", () => {
  const base = {
    kind: "tracking" as const,
    trackingNumber: "9400100000000000000001",
    code: "DLD",
    eventDate: "2026-03-01",
    eventTime: "10:15:00",
    eventTimeOffset: "-05:00",
  }
  it("is the same for a scan delivered by webhook (with an event id) and polled (without)", () => {
    expect(dedupeKey({ ...base, eventId: "ev-1" })).toBe(dedupeKey(base))
  })
  it("is the event id when the notification has no date", () => {
    expect(
      dedupeKey({ kind: "tracking", trackingNumber: "TN", eventId: "ev-1" })
    ).toBe("tracking:id:ev-1")
  })
  it("is stable for a repeated delivery and differs for another scan", () => {
    expect(dedupeKey(base)).toBe(dedupeKey({ ...base }))
    expect(dedupeKey(base)).not.toBe(
      dedupeKey({ ...base, eventTime: "10:16:00" })
    )
    expect(dedupeKey(base)).not.toBe(dedupeKey({ ...base, code: "OFD" }))
    expect(dedupeKey(base)).not.toBe(dedupeKey({ ...base, kind: "locker" }))
  })
})
