import {
  calendarDate,
  deliveryPromiseText,
  fieldLabel,
  fieldProblemId,
  formatDay,
  problemsByField,
  returnLabelHref,
  scanTimeText,
  statusText,
} from "../format"
import { PACKAGE_STATUSES, type CheckoutProblem } from "../types"
import { PACKAGE_STATUSES as SERVICE_STATUSES } from "../../../../src/shipping-api/constants"

describe("delivery promise words", () => {
  it("says one day as 'Arrives Tue, Dec 1' and a range with both ends", () => {
    expect(
      deliveryPromiseText({
        earliest: "2026-12-01",
        latest: "2026-12-01",
        guaranteed: false,
      })
    ).toBe("Arrives Tue, Dec 1")
    expect(
      deliveryPromiseText({
        earliest: "2026-12-01",
        latest: "2026-12-03",
        guaranteed: true,
      })
    ).toBe("Arrives Tue, Dec 1 – Thu, Dec 3")
  })

  it("promises nothing without a commitment, or with one that is not a date range", () => {
    expect(deliveryPromiseText(null)).toBeNull()
    expect(deliveryPromiseText(undefined)).toBeNull()
    for (const [earliest, latest] of [
      ["2026-12-03", "2026-12-01"], // reversed
      ["2026-02-30", "2026-03-01"], // no such day
      ["2026-12-01T10:00:00Z", "2026-12-01"], // an instant, not a day
      ["", "2026-12-01"],
      ["12/01/2026", "12/01/2026"],
    ])
      expect(
        deliveryPromiseText({ earliest, latest, guaranteed: false })
      ).toBeNull()
  })

  it("takes the date as written, whatever the process's time zone (no day before in the west)", () => {
    // Parsed as a UTC midnight and formatted in UTC: never shifted by the server's zone.
    expect(formatDay("2027-01-01")).toBe("Fri, Jan 1")
    expect(formatDay("2028-02-29")).toBe("Tue, Feb 29")
    expect(calendarDate("2027-02-29")).toBeNull()
  })

  it("follows the storefront's locale and its own words", () => {
    expect(
      deliveryPromiseText(
        { earliest: "2026-12-01", latest: "2026-12-01", guaranteed: false },
        { locale: "de-DE", prefix: "Lieferung" }
      )
    ).toBe("Lieferung Di., 1. Dez.")
    expect(
      deliveryPromiseText(
        { earliest: "2026-12-01", latest: "2026-12-02", guaranteed: false },
        { prefix: "" }
      )
    ).toBe("Tue, Dec 1 – Wed, Dec 2")
  })
})

describe("tracking words", () => {
  it("knows the service's package statuses, the plugin's list", () => {
    expect([...PACKAGE_STATUSES].sort()).toEqual([...SERVICE_STATUSES].sort())
  })

  it("names every package status in a shopper's words, and a status it does not know yet", () => {
    for (const status of PACKAGE_STATUSES)
      expect(statusText(status)).not.toMatch(/[a-z][A-Z]/)
    expect(statusText("OutForDelivery")).toBe("Out for delivery")
    expect(statusText("InTransit")).toBe("In transit")
    expect(statusText("Delivered")).toBe("Delivered")
    expect(statusText(null)).toBe("Waiting for the carrier's first scan")
    expect(statusText("HeldAtCustoms")).toBe("Held at customs")
  })

  it("shows a scan's time as the carrier scanned it, else the instant in UTC", () => {
    expect(
      scanTimeText({
        date: "2031-03-04",
        time: "08:10:00",
        occurred_at: "2031-03-04T13:10:00.000Z",
      })
    ).toBe("Tue, Mar 4, 8:10 AM")
    expect(
      scanTimeText({ date: "2031-03-04", time: null, occurred_at: null })
    ).toBe("Tue, Mar 4")
    expect(
      scanTimeText({
        date: null,
        time: null,
        occurred_at: "2031-03-04T13:10:00.000Z",
      })
    ).toBe("Tue, Mar 4, 1:10 PM UTC")
    expect(
      scanTimeText({ date: null, time: null, occurred_at: "not a date" })
    ).toBeNull()
  })
})

describe("checkout problem words", () => {
  const problem = (field: string, message: string): CheckoutProblem => ({
    field,
    message,
    fix: "customer",
    rule: "r",
    detail: "d",
  })

  it("names the form field of each problem", () => {
    expect(fieldLabel("shipping_address.phone")).toBe("Phone")
    expect(fieldLabel("shipping_address.postal_code")).toBe("Postal code")
    expect(fieldLabel("metadata.importer_customs_reference")).toBe(
      "Customs reference"
    )
    expect(fieldLabel("shipping_address.something_new")).toBe("Something new")
  })

  it("groups problems by field in their order, and gives each field one element id", () => {
    const grouped = problemsByField([
      problem("shipping_address.phone", "a"),
      problem("items", "b"),
      problem("shipping_address.phone", "c"),
    ])
    expect([...grouped.keys()]).toEqual(["shipping_address.phone", "items"])
    expect(
      grouped.get("shipping_address.phone")!.map((p) => p.message)
    ).toEqual(["a", "c"])
    expect(fieldProblemId("shipping_address.phone")).toBe(
      "shipping-problem-shipping_address-phone"
    )
  })
})

describe("return label links", () => {
  it("point at the storefront's own route, ids encoded", () => {
    expect(
      returnLabelHref({ orderId: "order_1", returnId: "ret_1", parcel: 1 })
    ).toBe("/api/returns/order_1/ret_1/label?parcel=1")
    expect(
      returnLabelHref(
        {
          orderId: "a/../b",
          returnId: "r?x=1",
          parcel: 2,
          page: 1,
          download: true,
        },
        "/shop/api/returns/"
      )
    ).toBe(
      "/shop/api/returns/a%2F..%2Fb/r%3Fx%3D1/label?parcel=2&page=1&download=1"
    )
  })
})
