import { readFileSync } from "node:fs"
import path from "node:path"
import {
  examplesOf,
  NOTIFICATION_RULE_EXAMPLES,
} from "../../__fixtures__/rule-examples"
import {
  lockerNotificationSchema,
  NOTIFICATION_RULES,
  parseNotificationBody,
  parseReferenceId,
  trackingNotificationSchema,
} from "../notification"
import { trackingEventSchema } from "../tracking"

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

const locker = {
  event: "deposit",
  trackingNumber: "9400100000000000000001",
  lockerId: "L-7",
  eventDate: "2026-01-15",
  eventTime: "10:00:00",
}

describe("webhook notifications (doc 4)", () => {
  it("reads an array of tracking and locker notifications, telling them apart", () => {
    const r = parseNotificationBody([tracking, locker])
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.notifications.map((n) => n.kind)).toEqual(["tracking", "locker"])
    expect(r.notifications[0]).toMatchObject({
      trackingNumber: tracking.trackingNumber,
      status: "Delivered",
      eventId: "evt-1",
    })
    expect(r.notifications[1]).toMatchObject({
      event: "deposit",
      lockerId: "L-7",
    })
  })

  it("accepts a single object not wrapped in an array", () => {
    const r = parseNotificationBody(tracking)
    expect(r.ok && r.notifications).toHaveLength(1)
  })

  it("keeps unknown fields and tolerates nulls and a missing eventId", () => {
    const r = trackingNotificationSchema.parse({
      ...tracking,
      eventId: undefined,
      l2Description: null,
      newField: 1,
    })
    expect(r).toHaveProperty("newField", 1)
    expect(r.l2Description).toBeUndefined()
  })

  it("accepts updatereservation, listed by the applicable-events operation", () => {
    expect(
      lockerNotificationSchema.safeParse({
        ...locker,
        event: "updatereservation",
      }).success
    ).toBe(true)
  })

  it("reports each bad notification with its path, and still gives the good ones", () => {
    const r = parseNotificationBody([
      tracking,
      { ...tracking, trackingNumber: "" },
      { ...locker, event: "Delivered" },
      42,
    ])
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.notifications).toHaveLength(1)
    expect(r.violations.map((v) => [v.path, v.rule])).toEqual([
      ["[1].trackingNumber", "notification.tracking.trackingNumber"],
      ["[2].event", "notification.locker.event"],
      ["[3]", "notification.body.object"],
    ])
    expect(
      r.violations.every((v) => v.source === "doc 4, Webhook notifications")
    ).toBe(true)
  })

  it.each([
    ["no status", { ...tracking, status: undefined }, "status"],
    [
      "no tracking number",
      { ...tracking, trackingNumber: undefined },
      "trackingNumber",
    ],
  ])("refuses a tracking notification with %s", (_, body, field) => {
    const r = parseNotificationBody(body)
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.violations[0]).toMatchObject({
        path: field,
        message: "is required",
      })
  })

  it("refuses a locker notification without date or time, and an empty array", () => {
    expect(parseNotificationBody({ ...locker, eventDate: undefined }).ok).toBe(
      false
    )
    expect(parseNotificationBody([]).ok).toBe(false)
    expect(parseNotificationBody(null).ok).toBe(false)
  })
})

describe("the receiver's rules (NOTIFICATION_RULES)", () => {
  it("have examples, and every example names a rule", () => {
    expect(Object.keys(NOTIFICATION_RULE_EXAMPLES).sort()).toEqual(
      NOTIFICATION_RULES.map((r) => r.id).sort()
    )
  })

  it.each(NOTIFICATION_RULES.map((r) => [r.id, r] as const))(
    "%s: has examples that behave",
    (_id, rule) => {
      const examples = examplesOf(NOTIFICATION_RULE_EXAMPLES, rule.id)
      expect(examples.pass.length).toBeGreaterThan(0)
      expect(examples.fail.length).toBeGreaterThan(0)
      const test = rule.test as (v: unknown) => boolean
      for (const v of examples.pass) expect([v, test(v)]).toEqual([v, true])
      for (const v of examples.fail) expect([v, test(v)]).toEqual([v, false])
      expect(rule.source).toMatch(/^doc \d, /)
    }
  )

  it("has unique ids, each listed in docs/tracking.md", () => {
    const ids = NOTIFICATION_RULES.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    const doc = readFileSync(
      path.resolve(__dirname, "../../../../docs/tracking.md"),
      "utf8"
    )
    expect(ids.filter((id) => !doc.includes(`\`${id}\``))).toEqual([])
  })

  it("bounds every Event field of doc 3, and knows no other", () => {
    const event = Object.keys(trackingEventSchema.shape).sort()
    const own = ["carrier", "eventId", "status", "trackingNumber"]
    expect(Object.keys(trackingNotificationSchema.shape).sort()).toEqual(
      [...event, ...own].sort()
    )
    const bounded = new Set(NOTIFICATION_RULES.map((r) => r.id.split(".")[1]))
    const unbounded = [...event, "carrier", "eventId", "trackingNumber"].filter(
      (f) => !bounded.has(f) && f !== "packageStatus"
    )
    expect(unbounded).toEqual([])
  })
})

describe("what a fuzz of the receiver found stored or answered 500, refused with the rule", () => {
  const rulesOf = (body: unknown) => {
    const r = parseNotificationBody(body)
    return r.ok ? [] : r.violations.map((v) => [v.path, v.rule])
  }
  const deep = (levels: number) =>
    JSON.parse("[".repeat(levels) + "]".repeat(levels))

  it.each([
    [
      "a NUL in a known field",
      { ...tracking, eventCity: "NEW\u0000YORK" },
      "eventCity",
      "notification.string.storable",
    ],
    [
      "a NUL in an unknown field",
      { ...tracking, note: { inner: ["ok", "x\u0000"] } },
      "note.inner[1]",
      "notification.string.storable",
    ],
    [
      "a NUL in a key",
      { ...tracking, ["k\u0000"]: 1 },
      "k\u0000",
      "notification.string.storable",
    ],
    [
      "a lone surrogate",
      { ...tracking, scanDescription: "\ud800" },
      "scanDescription",
      "notification.string.storable",
    ],
    [
      "a tracking number of 100,000 characters",
      { ...tracking, trackingNumber: "9".repeat(100_000) },
      "trackingNumber",
      "notification.trackingNumber.max-length",
    ],
    [
      "a tracking number of 5,000 characters",
      { ...tracking, trackingNumber: "Z".repeat(5_000) },
      "trackingNumber",
      "notification.trackingNumber.max-length",
    ],
    [
      "50,000 nested arrays in an unknown field",
      { ...tracking, extra: deep(50_000) },
      "extra",
      "notification.extra.depth",
    ],
    [
      "3,000 levels of nesting",
      { ...tracking, extra: deep(3_000) },
      "extra",
      "notification.extra.depth",
    ],
    [
      "100 KB of unknown fields",
      { ...tracking, blob: "x".repeat(100_000) },
      "",
      "notification.extra.size",
    ],
    [
      "February 30th",
      { ...tracking, eventDate: "2026-02-30" },
      "eventDate",
      "notification.eventDate.format",
    ],
    [
      "year 0000",
      { ...tracking, eventDate: "0000-01-01" },
      "eventDate",
      "notification.eventDate.format",
    ],
    [
      "hour 24",
      { ...tracking, eventTime: "24:00:00" },
      "eventTime",
      "notification.eventTime.format",
    ],
    [
      "an offset of 15 hours",
      { ...tracking, eventTimeOffset: "+15:00" },
      "eventTimeOffset",
      "notification.eventTimeOffset.format",
    ],
    [
      "a status that is no status",
      { ...tracking, packageStatus: "💥💥💥" },
      "packageStatus",
      "notification.status.known",
    ],
    [
      "the status false",
      { ...tracking, status: "false" },
      "status",
      "notification.status.known",
    ],
    [
      "a boolean package status",
      { ...tracking, packageStatus: false },
      "packageStatus",
      "notification.status.known",
    ],
    [
      "a description of 501 characters",
      { ...tracking, eventDescription: "d".repeat(501) },
      "eventDescription",
      "notification.eventDescription.max-length",
    ],
    [
      "a locker date that is no date",
      { ...locker, eventDate: "2026-13-01" },
      "eventDate",
      "notification.locker.eventDate.format",
    ],
  ])("%s", (_what, body, pathOf, rule) => {
    expect(rulesOf(body)).toContainEqual([
      pathOf,
      rule.replace("notification.locker.", "notification."),
    ])
    expect(rulesOf([tracking, body])).toContainEqual([
      pathOf ? `[1].${pathOf}` : "[1]",
      rule.replace("notification.locker.", "notification."),
    ])
  })

  it("refuses a body of 50,000 nested arrays as not a notification", () => {
    expect(rulesOf(deep(50_000))).toEqual([["[0]", "notification.body.object"]])
  })

  it("takes what the service sends: every Event field, nulls, numbers as strings, empty optional fields, a few unknown fields", () => {
    const full = {
      ...tracking,
      standardizedEventDescription: "Delivered, Front Door/Porch",
      l1Code: "DLD",
      l1Description: "Delivered",
      trackingUrl: "https://tracking.example.com/9400100000000000000000",
      latitude: 40.7506,
      longitude: "-73.9972",
      locationUnit: "DELIVERY_UNIT",
      eventLeg: "DOMESTIC",
      eventType: "Delivery",
      authorizedAgent: "false",
      eventDescription: "Delivered, Front Door/Porch",
      l2Description: null,
      eventTimeOffset: "",
      packageStatus: "",
      newField: { nested: [1, { deeper: "ok" }] },
    }
    const r = parseNotificationBody([full])
    expect(r).toMatchObject({ ok: true })
    expect(r.notifications[0]).toMatchObject({
      latitude: "40.7506",
      newField: full.newField,
    })
  })
})

describe("X-Vendor-ReferenceId", () => {
  it("is optional, echoed as given, and bounded", () => {
    expect(parseReferenceId(undefined)).toEqual({ ok: true, referenceId: null })
    expect(parseReferenceId("ref-42")).toEqual({
      ok: true,
      referenceId: "ref-42",
    })
    expect(parseReferenceId(["a", "b"])).toEqual({ ok: true, referenceId: "a" })
    expect(parseReferenceId("r".repeat(201))).toMatchObject({
      ok: false,
      violation: { rule: "notification.header.X-Vendor-ReferenceId" },
    })
  })
})
