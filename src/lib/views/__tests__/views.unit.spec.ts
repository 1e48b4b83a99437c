import { IMPLAUSIBLE_OUTCOME } from "../../tracking/plausibility"
import { parcelView } from "../parcel-view"
import {
  returnOfReturn,
  shipmentView,
  type ShipmentRow,
} from "../shipment-view"
import type { StoredEvent } from "../timeline"

const row = (over: Partial<ShipmentRow> = {}): ShipmentRow =>
  ({
    id: "ssship_1",
    fulfillment_id: "ful_1",
    order_id: "order_1",
    is_return: false,
    option_id: "postal-ground",
    variant: "expedited",
    carrier: "POSTAL",
    service_id: "UGA",
    parcel_type: "PKG",
    status: "created",
    shipment_id: "PSTL1",
    tracking_number: "9400100000000000000001",
    tracking_url: null,
    label_type: "SHIPPING_LABEL",
    label_format: "PDF",
    label_size: "DOC_4X6",
    label_content_type: "BASE64",
    label_files: null,
    label_pending: null,
    label_source_url: null,
    label_pages: 1,
    charges: null,
    delivery_commitment: null,
    reprint_count: 0,
    add_to_manifest: false,
    manifest_id: null,
    voided_at: null,
    void_status: null,
    error: null,
    tracking_status: "InTransit",
    tracking_status_at: "2026-03-02T10:00:00Z",
    estimated_delivery: null,
    last_event_at: "2026-03-02T10:00:00Z",
    created_at: "2026-03-01T12:00:00Z",
    ...over,
  }) as ShipmentRow

const event = (
  id: string,
  status: string,
  at: string,
  outcome: string | null
): StoredEvent => ({
  id,
  shipment_id: "ssship_1",
  tracking_number: "9400100000000000000001",
  kind: "tracking",
  source: "webhook",
  package_status: status,
  event_code: null,
  occurred_at: at,
  description: status,
  location: null,
  payload: {},
  created_at: "2026-03-01T13:00:00Z",
  processed_at: outcome ? "2026-03-01T13:00:01Z" : null,
  outcome,
})

const events = [
  event("e1", "Acceptance", "2026-03-01T16:00:00Z", "shipped"),
  event("e2", "InTransit", "2026-03-02T10:00:00Z", "recorded"),
  event("e3", "Delivered", "2026-03-05T10:00:00Z", IMPLAUSIBLE_OUTCOME.ahead),
]
const options = {
  services: [],
  trackingUrlTemplate: "https://t/{trackingNumber}",
}

describe("the admin's and the shopper's views of a parcel", () => {
  it("show one status, taking each applied event's verdict from what the apply path stored", () => {
    // On the sandbox's clock the Delivered would count now, but the apply path ignored it: the
    // views say what was applied, both the same.
    const sandboxNow = new Date("2026-03-05T12:00:00Z")
    const admin = shipmentView({
      row: row(),
      events,
      fulfillment: null,
      options,
      now: new Date("2026-03-02T11:00:00Z"),
      sandboxNow,
    })
    const shopper = parcelView({
      row: row(),
      events,
      fulfillment: null,
      options,
      sandboxNow,
    })
    expect(admin.tracking_status).toBe("InTransit")
    expect(shopper.status).toBe("InTransit")
    expect(admin.tracking_status_at).toBe(shopper.status_at)
  })

  it("judge an event not applied yet as the apply path will: on the sandbox's clock when it answers", () => {
    const fresh = [
      ...events.slice(0, 2),
      event("e4", "Delivered", "2026-03-05T10:00:00Z", null),
    ]
    const on = (sandboxNow: Date | null) => [
      shipmentView({
        row: row(),
        events: fresh,
        fulfillment: null,
        options,
        now: new Date("2026-03-01T13:00:00Z"),
        sandboxNow,
      }).tracking_status,
      parcelView({
        row: row(),
        events: fresh,
        fulfillment: null,
        options,
        sandboxNow,
      }).status,
    ]
    expect(on(new Date("2026-03-05T12:00:00Z"))).toEqual([
      "Delivered",
      "Delivered",
    ])
    // On our clock (the real service): dated days after it arrived.
    expect(on(null)).toEqual(["InTransit", "InTransit"])
  })

  it("mark an event that moved nothing for its date on the admin's timeline, and leave it out of the shopper's", () => {
    const admin = shipmentView({
      row: row(),
      events,
      fulfillment: null,
      options,
      now: new Date(),
    })
    expect(admin.timeline.map((e) => [e.status, e.ignored])).toEqual([
      ["Acceptance", null],
      ["InTransit", null],
      ["Delivered", "ignored: dated after it arrived"],
    ])
    const shopper = parcelView({
      row: row(),
      events,
      fulfillment: null,
      options,
    })
    expect(shopper.timeline.map((e) => e.status)).toEqual([
      "Acceptance",
      "InTransit",
    ])
  })

  it("tell a label of the sandbox from one of the service", () => {
    const view = (over: Partial<ShipmentRow>) =>
      shipmentView({
        row: row(over),
        events: [],
        fulfillment: null,
        options,
        now: new Date(),
      }).sandbox
    expect(view({ sandbox_clock_at: "2026-03-01T12:00:00Z" })).toEqual({
      clock_at: "2026-03-01T12:00:00.000Z",
    })
    expect(view({ sandbox_clock_at: null })).toBeNull()
    expect(view({})).toBeNull()
  })
})

describe("which return a return label belongs to, on the order widget", () => {
  it("names the exchange or claim a return is part of, or the return itself", () => {
    expect(
      returnOfReturn({ id: "return_1", exchange_id: "exchange_1" })
    ).toEqual({ kind: "exchange", id: "exchange_1", return_id: "return_1" })
    expect(returnOfReturn({ id: "return_2", claim_id: "claim_1" })).toEqual({
      kind: "claim",
      id: "claim_1",
      return_id: "return_2",
    })
    expect(returnOfReturn({ id: "return_3" })).toEqual({
      kind: "return",
      id: "return_3",
      return_id: "return_3",
    })
  })

  it("shows it on return labels only", () => {
    const returnOf = returnOfReturn({ id: "return_1", claim_id: "claim_1" })
    const view = (isReturn: boolean) =>
      shipmentView({
        row: row({ is_return: isReturn }),
        events: [],
        fulfillment: null,
        options,
        now: new Date("2026-03-02T11:00:00Z"),
        returnOf,
      }).return_of
    expect(view(true)).toEqual(returnOf)
    expect(view(false)).toBeNull()
  })
})
