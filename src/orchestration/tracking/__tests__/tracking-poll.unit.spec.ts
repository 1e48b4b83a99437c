import {
  ShippingAuthenticationError,
  ShippingNotFoundError,
  ShippingUnavailableError,
} from "../../../shipping-api/errors"
import {
  POLL_BACKOFF,
  SWEEP_STOP_AFTER_OUTAGE_FAILURES,
  isPollDue,
  pollDueFilter,
} from "../../../lib/tracking/poll-plan"
import { pollTrackingSweepWith } from "../tracking-poll"
import {
  fakeLocking,
  fakeShipping,
  matches,
  silentLogger,
} from "../../__tests__/fakes"

const now = new Date("2026-03-10T17:00:00Z") // noon in New York: no postal maintenance
const HOUR = 3_600_000

const scan = (tn: string, n = 1) =>
  Array.from({ length: n }, (_, i) => ({
    standardizedEventCode: i ? "DEP" : "MAN",
    packageStatus: i ? "InTransit" : "Manifest",
    eventDate: "2026-03-09",
    eventTime: `${String(10 + i).padStart(2, "0")}:00:00`,
    eventTimeOffset: "-05:00",
    eventDescription: `${tn} scan ${i}`,
  }))

function world(count: number, options: Record<string, unknown> = {}) {
  const shipping = fakeShipping(options)
  for (let i = 0; i < count; i++) {
    shipping.tables.shipments.rows.push({
      id: `ssship_${String(i).padStart(6, "0")}`,
      status: "created",
      tracking_number: `TN${i}`,
      carrier: i % 3 === 0 ? "STANDARD" : "POSTAL",
      tracking_status: null,
      delivered_applied_at: null,
      last_event_at: null,
      next_poll_at: null,
      poll_failures: 0,
      created_at: new Date(now.getTime() - 5 * HOUR),
    })
  }
  const calls: { tn: string; carrier?: string }[] = []
  let inFlight = 0
  let peak = 0
  const behaviour: { fail?: (tn: string) => Error | undefined } = {}
  const client = {
    async getTracking(tn: string, opts: { parcelCarrier: string }) {
      calls.push({ tn, carrier: opts.parcelCarrier })
      inFlight++
      peak = Math.max(peak, inFlight)
      await new Promise((r) => setTimeout(r, 2))
      inFlight--
      const error = behaviour.fail?.(tn)
      if (error) throw error
      return { trackingNumber: tn, scanDetailsList: scan(tn, 2) }
    },
  }
  const announced: string[][] = []
  const { logger, lines } = silentLogger()
  const deps = {
    shipping: shipping as any,
    logger,
    client: client as any,
    locking: fakeLocking(),
    announce: async (t: string[]) => void announced.push(t),
  }
  return {
    shipping,
    calls,
    announced,
    deps,
    lines,
    behaviour,
    peak: () => peak,
  }
}

describe("the database filter and the pure rule agree", () => {
  it("selects exactly the rows isPollDue says are due (SQL NULL semantics)", () => {
    const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!
    const times = [
      null,
      new Date(now.getTime() - 3 * HOUR),
      new Date(now.getTime() - 30 * 60_000),
      new Date(now.getTime() + HOUR),
      new Date(now.getTime() - 90 * 24 * HOUR),
    ]
    let checked = 0
    for (let i = 0; i < 2000; i++) {
      const row = {
        id: `s${i}`,
        status: pick(["created", "voided", "pending", "failed"], i * 7 + 1),
        tracking_number: pick(["TN", null], i * 3),
        carrier: pick(["POSTAL", "STANDARD", "CARRIER_A", "XBORDER"], i * 5),
        tracking_status: pick(
          [null, "InTransit", "Delivered", "Manifest"],
          i * 11
        ),
        delivered_applied_at: pick([null, null, null, now], i * 13),
        last_event_at: pick(times, i * 17),
        next_poll_at: pick(times, i * 19),
        created_at: pick(times.filter(Boolean) as Date[], i * 23),
      }
      for (const postalPaused of [false, true]) {
        expect([
          row.id,
          matches(
            row,
            pollDueFilter({
              now,
              settings: { staleAfterMinutes: 120 },
              postalPaused,
            })
          ),
        ]).toEqual([
          row.id,
          isPollDue(row, now, { staleAfterMinutes: 120 }, postalPaused),
        ])
        checked++
      }
    }
    expect(checked).toBe(4000)
  })
})

describe("a polling sweep", () => {
  it("pages through every due shipment once, with at most polling.concurrency requests in flight", async () => {
    const w = world(250, { polling: { batchSize: 40, concurrency: 3 } })
    const stats = await pollTrackingSweepWith(w.deps, { now })
    expect(stats).toMatchObject({
      due: 250,
      polled: 250,
      failed: 0,
      stored: 500,
      announced: 250,
      pages: 7,
    })
    expect(new Set(w.calls.map((c) => c.tn)).size).toBe(250)
    expect(w.calls).toHaveLength(250)
    expect(w.peak()).toBeLessThanOrEqual(3)
    expect(w.peak()).toBeGreaterThan(1)
    expect(w.announced.flat().sort()).toEqual(w.calls.map((c) => c.tn).sort())
    // Each parcel is tracked with its label's carrier (the builder adds query carrier for standard delivery, doc 3).
    expect(
      w.calls.every(
        (c) =>
          c.carrier ===
          (Number(c.tn.slice(2)) % 3 === 0 ? "STANDARD" : "POSTAL")
      )
    ).toBe(true)
    // Stored with the shipment, as polled scans; asked again after staleAfterMinutes.
    expect(
      w.shipping.tables.events.rows.every(
        (e) => e.source === "poll" && e.shipment_id
      )
    ).toBe(true)
    expect(
      w.shipping.tables.shipments.rows.every(
        (s) =>
          s.next_poll_at.getTime() === now.getTime() + 120 * 60_000 &&
          s.poll_failures === 0
      )
    ).toBe(true)
    // A second sweep at the same time finds nothing; stored scans are not stored twice.
    expect(await pollTrackingSweepWith(w.deps, { now })).toMatchObject({
      due: 0,
      polled: 0,
    })
    const later = await pollTrackingSweepWith(w.deps, {
      now: new Date(now.getTime() + 121 * 60_000),
    })
    expect(later).toMatchObject({ due: 250, stored: 0, announced: 0 })
  })

  it("does nothing when polling is off", async () => {
    const w = world(5, { polling: { enabled: false } })
    expect(await pollTrackingSweepWith(w.deps, { now })).toMatchObject({
      skipped: "disabled",
      polled: 0,
    })
    expect(w.calls).toHaveLength(0)
  })

  it("skips postal shipments during the maintenance window", async () => {
    const w = world(9)
    const stats = await pollTrackingSweepWith(w.deps, {
      now: new Date("2026-03-11T06:30:00Z"),
    }) // 02:30 EDT
    expect(stats).toMatchObject({ postal_paused: true, due: 3, polled: 3 })
    expect(w.calls.every((c) => c.carrier === "STANDARD")).toBe(true)
  })

  it("backs off a parcel the service does not know, and goes on with the others", async () => {
    const w = world(6)
    w.behaviour.fail = (tn) =>
      tn === "TN1"
        ? new ShippingNotFoundError({ operation: "getTracking", status: 404 })
        : undefined
    const stats = await pollTrackingSweepWith(w.deps, { now })
    expect(stats).toMatchObject({ due: 6, polled: 6, failed: 1 })
    const tn1 = w.shipping.tables.shipments.rows.find(
      (s) => s.tracking_number === "TN1"
    )!
    expect(tn1).toMatchObject({
      poll_failures: 1,
      next_poll_at: new Date(now.getTime() + POLL_BACKOFF.baseMs),
    })
  })

  it("stops at once when the credentials are refused, without backing anything off", async () => {
    const w = world(50, { polling: { concurrency: 1, batchSize: 10 } })
    w.behaviour.fail = () =>
      new ShippingAuthenticationError({ operation: "getTracking", status: 401 })
    const stats = await pollTrackingSweepWith(w.deps, { now })
    expect(stats.stopped).toMatch(/refused the credentials/)
    expect(w.calls).toHaveLength(1)
    expect(
      w.shipping.tables.shipments.rows.every(
        (s) => s.next_poll_at === null && s.poll_failures === 0
      )
    ).toBe(true)
    expect(w.lines.join("\n")).toMatch(/stopped early/)
  })

  it("stops after a run of outage failures, backing off only the shipments it asked about", async () => {
    const w = world(50, { polling: { concurrency: 1, batchSize: 100 } })
    w.behaviour.fail = () =>
      new ShippingUnavailableError({ operation: "getTracking", status: 503 })
    const stats = await pollTrackingSweepWith(w.deps, { now })
    expect(stats.stopped).toMatch(/looks down/)
    expect(w.calls).toHaveLength(SWEEP_STOP_AFTER_OUTAGE_FAILURES)
    expect(
      w.shipping.tables.shipments.rows.filter((s) => s.poll_failures === 1)
    ).toHaveLength(SWEEP_STOP_AFTER_OUTAGE_FAILURES)
    expect(
      w.shipping.tables.shipments.rows.filter((s) => s.next_poll_at === null)
    ).toHaveLength(50 - SWEEP_STOP_AFTER_OUTAGE_FAILURES)
  })

  it("runs one sweep at a time", async () => {
    const w = world(30, { polling: { concurrency: 1 } })
    const [a, b] = await Promise.all([
      pollTrackingSweepWith(w.deps, { now }),
      pollTrackingSweepWith(w.deps, { now }),
    ])
    expect([a.polled, b.polled].sort((x, y) => x - y)).toEqual([0, 30])
    expect(w.calls).toHaveLength(30)
  })
})
