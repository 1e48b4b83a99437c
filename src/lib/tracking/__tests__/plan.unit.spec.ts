import {
  fulfillmentMatters,
  planTrackingApply,
  sortTimeline,
  type TimelineEvent,
} from "../plan"

const ev = (
  id: string,
  status: string,
  at: string | null,
  extra: Partial<TimelineEvent> = {}
): TimelineEvent => ({
  id,
  package_status: status,
  occurred_at: at,
  created_at: "2026-01-10T00:00:00Z",
  ...extra,
})
const shipment = { id: "s1", status: "created" }
const open = { shipped_at: null, delivered_at: null, canceled_at: null }

describe("planTrackingApply", () => {
  it("ships then delivers, in order, once", () => {
    const events = [
      ev("e3", "Delivered", "2026-01-03T10:00:00Z"),
      ev("e1", "Acceptance", "2026-01-01T10:00:00Z"),
    ]
    const plan = planTrackingApply({ shipment, fulfillment: open, events })
    expect(plan.transitions).toEqual(["shipped", "delivered"])
    expect(plan.tracking_status).toBe("Delivered")
    expect(plan.last_event_at?.toISOString()).toBe("2026-01-03T10:00:00.000Z")
    expect(plan.processed_event_ids.sort()).toEqual(["e1", "e3"])

    const again = planTrackingApply({
      shipment,
      fulfillment: { ...open, shipped_at: "x", delivered_at: "y" },
      events,
    })
    expect(again.transitions).toEqual([])
  })

  it("lets a late InTransit join the timeline without moving anything back", () => {
    const events = [
      ev("e1", "InTransit", "2026-01-01T10:00:00Z", { processed_at: "z" }),
      ev("e2", "Delivered", "2026-01-03T10:00:00Z", { processed_at: "z" }),
      ev("e3", "InTransit", "2026-01-04T10:00:00Z"),
    ]
    const plan = planTrackingApply({
      shipment,
      fulfillment: { ...open, shipped_at: "x", delivered_at: "y" },
      events,
    })
    expect(plan.transitions).toEqual([])
    expect(plan.tracking_status).toBe("Delivered")
    expect(plan.processed_event_ids).toEqual(["e3"])
  })

  it("announces new notices only", () => {
    const events = [
      ev("e1", "Exception", "2026-01-01T10:00:00Z", { processed_at: "z" }),
      ev("e2", "DeliveryAttempt", "2026-01-02T10:00:00Z"),
    ]
    const plan = planTrackingApply({ shipment, fulfillment: open, events })
    expect(plan.notices).toEqual([
      { event_id: "e2", status: "DeliveryAttempt" },
    ])
    expect(plan.transitions).toEqual([])
    expect(plan.tracking_status).toBe("DeliveryAttempt")
  })

  it("ignores events for voided shipments and canceled fulfillments, but records them", () => {
    const events = [ev("e1", "Delivered", "2026-01-03T10:00:00Z")]
    expect(
      planTrackingApply({
        shipment: { id: "s", status: "voided" },
        fulfillment: open,
        events,
      })
    ).toMatchObject({
      transitions: [],
      skipped: "voided",
      processed_event_ids: ["e1"],
    })
    expect(
      planTrackingApply({
        shipment,
        fulfillment: { ...open, canceled_at: "x" },
        events,
      }).skipped
    ).toBe("canceled")
  })

  it("keeps locker notifications on the timeline without driving Medusa", () => {
    const events = [
      ev("l1", "pickup", "2026-01-03T10:00:00Z", { kind: "locker" }),
    ]
    expect(
      planTrackingApply({ shipment, fulfillment: open, events })
    ).toMatchObject({
      transitions: [],
      processed_event_ids: ["l1"],
      notices: [],
    })
  })
})

describe("sortTimeline", () => {
  it("orders by event time, then arrival; undated last", () => {
    const sorted = sortTimeline([
      ev("c", "Delivered", null),
      ev("b", "InTransit", "2026-01-02T00:00:00Z"),
      ev("a", "Acceptance", "2026-01-01T00:00:00Z"),
    ])
    expect(sorted.map((e) => e.id)).toEqual(["a", "b", "c"])
  })
})

describe("planTrackingApply with implausible dates", () => {
  const labelled = { ...shipment, created_at: "2026-01-01T08:00:00Z" }
  const stored = { created_at: "2026-01-01T09:00:00Z" }

  it("keeps a Delivered of 1970-01-01 sent right after the label on the timeline, moving nothing", () => {
    const events = [
      ev("m", "Manifest", "2026-01-01T08:00:00Z", stored),
      ev("d", "Delivered", "1970-01-01T00:00:00Z", stored),
    ]
    const plan = planTrackingApply({
      shipment: labelled,
      fulfillment: open,
      events,
    })
    expect(plan.transitions).toEqual([])
    expect(plan.tracking_status).toBe("Manifest")
    expect(plan.last_event_at?.toISOString()).toBe("2026-01-01T08:00:00.000Z")
    expect(plan.processed_event_ids.sort()).toEqual(["d", "m"])
    expect(plan.implausible).toEqual([
      { event_id: "d", reason: "before-label" },
    ])
  })

  it("keeps an event dated after its arrival from moving the order, from being shown as current and from notices", () => {
    const events = [
      ev("a", "Acceptance", "2026-01-01T12:00:00Z", stored),
      ev("x", "Exception", "2026-01-05T00:00:00Z", stored),
      ev("d", "Delivered", "2031-01-01T00:00:00Z", stored),
    ]
    const plan = planTrackingApply({
      shipment: labelled,
      fulfillment: open,
      events,
    })
    expect(plan.transitions).toEqual(["shipped"])
    expect(plan.tracking_status).toBe("Acceptance")
    expect(plan.notices).toEqual([])
    expect(plan.implausible.map((i) => [i.event_id, i.reason])).toEqual([
      ["x", "ahead"],
      ["d", "ahead"],
    ])
  })

  it("uses the window it is given (the plugin's tracking options)", () => {
    const events = [ev("d", "Delivered", "2026-01-03T00:00:00Z", stored)]
    expect(
      planTrackingApply({ shipment: labelled, fulfillment: open, events })
        .transitions
    ).toEqual([])
    const wide = planTrackingApply({
      shipment: labelled,
      fulfillment: open,
      events,
      plausibility: { beforeLabelHours: 12, aheadHours: 24 * 365 },
    })
    expect(wide.transitions).toEqual(["shipped", "delivered"])
    expect(wide.implausible).toEqual([])
  })

  it("lets plausible events move the order next to implausible ones, and marks only new ones", () => {
    const events = [
      ev("old", "Delivered", "1970-01-01T00:00:00Z", {
        ...stored,
        processed_at: "z",
      }),
      ev("t", "InTransit", "2026-01-01T10:00:00Z", stored),
      ev("d", "Delivered", "2026-01-01T11:00:00Z", stored),
    ]
    const plan = planTrackingApply({
      shipment: labelled,
      fulfillment: open,
      events,
    })
    expect(plan.transitions).toEqual(["shipped", "delivered"])
    expect(plan.tracking_status_at?.toISOString()).toBe(
      "2026-01-01T11:00:00.000Z"
    )
    expect(plan.implausible).toEqual([])
  })
})

describe("planTrackingApply on the sandbox's clock", () => {
  // Label bought at 08:00 ours, when the sandbox showed 2026-01-01T08:00 too; the sandbox was then
  // advanced two days and sent the whole timeline at once, which arrived at 09:00 ours.
  const labelled = { ...shipment, created_at: "2026-01-01T08:00:00Z" }
  const stored = { created_at: "2026-01-01T09:00:00Z" }
  const timeline = [
    ev("m", "Manifest", "2026-01-01T08:00:00Z", stored),
    ev("a", "Acceptance", "2026-01-01T12:00:00Z", stored),
    ev("t", "InTransit", "2026-01-02T10:00:00Z", stored),
    ev("d", "Delivered", "2026-01-02T19:00:00Z", stored),
  ]

  it("on our clock the Delivered is dated after it arrived: shipped, not delivered", () => {
    const plan = planTrackingApply({
      shipment: labelled,
      fulfillment: open,
      events: timeline,
    })
    expect(plan.transitions).toEqual(["shipped"])
    expect(plan.tracking_status).toBe("Acceptance")
    expect(plan.ahead).toBe(2)
  })

  it("on the sandbox's clock (read from our own calls) it delivers", () => {
    const plan = planTrackingApply({
      shipment: labelled,
      fulfillment: open,
      events: timeline,
      sandboxNow: new Date("2026-01-03T09:00:00Z"),
    })
    expect(plan.transitions).toEqual(["shipped", "delivered"])
    expect(plan.tracking_status).toBe("Delivered")
    expect(plan.implausible).toEqual([])
    expect(plan.ahead).toBe(0)
  })

  it("judges 'before the label' against the label's time on the sandbox's clock", () => {
    // A sandbox started with --start-time in the past: its label and events are dated a year ago.
    const past = [
      ev("m", "Manifest", "2025-01-01T08:00:00Z", stored),
      ev("d", "Delivered", "2025-01-03T08:00:00Z", stored),
    ]
    const sandboxNow = new Date("2025-01-03T09:00:00Z")
    expect(
      planTrackingApply({
        shipment: labelled,
        fulfillment: open,
        events: past,
        sandboxNow,
      }).implausible.map((i) => i.reason)
    ).toEqual(["before-label", "before-label"])
    const plan = planTrackingApply({
      shipment: { ...labelled, sandbox_clock_at: "2025-01-01T08:00:00Z" },
      fulfillment: open,
      events: past,
      sandboxNow,
    })
    expect(plan.transitions).toEqual(["shipped", "delivered"])
  })

  it("re-judges applied events whose stored outcome says another verdict, never a skipped shipment's", () => {
    const applied = timeline.map((e) => ({
      ...e,
      processed_at: "2026-01-01T09:00:01Z",
      outcome:
        e.id === "t" || e.id === "d"
          ? "ignored: dated after it arrived"
          : "shipped",
    }))
    const plan = planTrackingApply({
      shipment: labelled,
      fulfillment: { ...open, shipped_at: "2026-01-01T09:00:01Z" },
      events: applied,
      sandboxNow: new Date("2026-01-03T09:00:00Z"),
    })
    expect(plan.transitions).toEqual(["delivered"])
    expect(plan.processed_event_ids).toEqual([])
    expect(plan.rejudged).toEqual([
      { event_id: "t", reason: null },
      { event_id: "d", reason: null },
    ])
    // The other way: counted before, ignored now (the service is no longer the sandbox).
    const back = planTrackingApply({
      shipment: labelled,
      fulfillment: open,
      events: applied.map((e) => ({ ...e, outcome: "recorded" })),
    })
    expect(back.rejudged).toEqual([
      { event_id: "t", reason: "ahead" },
      { event_id: "d", reason: "ahead" },
    ])
    for (const skipped of [
      { shipment: { ...labelled, status: "voided" }, fulfillment: open },
      {
        shipment: labelled,
        fulfillment: { ...open, canceled_at: "2026-01-01T10:00:00Z" },
      },
    ])
      expect(
        planTrackingApply({
          ...skipped,
          events: applied,
          sandboxNow: new Date("2026-01-03T09:00:00Z"),
        }).rejudged
      ).toEqual([])
  })
})

describe("planTrackingApply for one parcel among several", () => {
  const accepted = [
    ev("a", "Acceptance", "2026-01-01T10:00:00Z"),
    ev("d", "Delivered", "2026-01-02T10:00:00Z"),
  ]

  it("ships the fulfillment with the first parcel accepted, and delivers it only with the last", () => {
    expect(
      planTrackingApply({
        shipment,
        fulfillment: open,
        events: accepted.slice(0, 1),
        otherParcels: ["none", "none"],
      }).transitions
    ).toEqual(["shipped"])
    expect(
      planTrackingApply({
        shipment,
        fulfillment: open,
        events: accepted,
        otherParcels: ["delivered", "shipped"],
      }).transitions
    ).toEqual(["shipped"])
    expect(
      planTrackingApply({
        shipment,
        fulfillment: { shipped_at: "x" },
        events: accepted,
        otherParcels: ["delivered", "shipped"],
      }).transitions
    ).toEqual([])
    expect(
      planTrackingApply({
        shipment,
        fulfillment: { shipped_at: "x" },
        events: accepted,
        otherParcels: ["delivered", "delivered"],
      }).transitions
    ).toEqual(["delivered"])
    // Its own progress, whatever the others'.
    expect(
      planTrackingApply({
        shipment,
        fulfillment: open,
        events: accepted,
        otherParcels: ["none"],
      }).progress
    ).toBe("delivered")
  })
})

describe("fulfillmentMatters: when applying needs the Medusa fulfillment's state", () => {
  const created = { status: "created" }
  const manifest = ev("e1", "Manifest", "2026-01-01T08:00:00Z")
  const acceptance = ev("e2", "Acceptance", "2026-01-01T10:00:00Z")
  const transit = ev("e3", "InTransit", "2026-01-02T10:00:00Z")
  const delivered = ev("e4", "Delivered", "2026-01-03T10:00:00Z")
  const done = (e: TimelineEvent) => ({ ...e, processed_at: "z" })

  it("not for the label-created event, nor for scans after what was applied already", () => {
    expect(fulfillmentMatters(created, [manifest])).toBe(false)
    expect(
      fulfillmentMatters({ ...created, shipped_applied_at: "x" }, [
        done(manifest),
        done(acceptance),
        transit,
      ])
    ).toBe(false)
    expect(
      fulfillmentMatters(
        { ...created, shipped_applied_at: "x", delivered_applied_at: "y" },
        [done(acceptance), done(delivered), transit]
      )
    ).toBe(false)
    expect(
      fulfillmentMatters({ status: "voided" }, [acceptance, delivered])
    ).toBe(false)
  })

  it("when a transition may be due, or a notice is to be announced", () => {
    expect(fulfillmentMatters(created, [manifest, acceptance])).toBe(true)
    expect(
      fulfillmentMatters({ ...created, shipped_applied_at: "x" }, [
        done(acceptance),
        delivered,
      ])
    ).toBe(true)
    // shipped by someone else (an admin): the fulfillment says what is left to do
    expect(fulfillmentMatters(created, [done(acceptance), transit])).toBe(true)
    expect(
      fulfillmentMatters({ ...created, shipped_applied_at: "x" }, [
        done(acceptance),
        ev("e5", "Exception", "2026-01-02T12:00:00Z"),
      ])
    ).toBe(true)
  })

  it("a plan without the fulfillment records the events and moves nothing", () => {
    const plan = planTrackingApply({
      shipment,
      fulfillment: "not-needed",
      events: [manifest],
    })
    expect(plan).toMatchObject({
      transitions: [],
      processed_event_ids: ["e1"],
      tracking_status: "Manifest",
    })
    expect(plan.skipped).toBeUndefined()
  })
})
