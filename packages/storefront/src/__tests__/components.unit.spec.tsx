import { renderToStaticMarkup } from "react-dom/server"
import {
  CheckoutProblems,
  DeliveryPromise,
  FieldProblem,
  ParcelTimeline,
  ReturnLabels,
  ReturnRequestForm,
  promiseFor,
  returnableItems,
} from "../react"
import type { CheckoutProblem, CustomerReturn } from "../types"
import { parcel } from "./fixtures"

/** The text a shopper reads, tags dropped. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, " ")
    .trim()

describe("ParcelTimeline", () => {
  it("shows status, expected day, the carrier's link and every scan newest first", () => {
    const html = renderToStaticMarkup(<ParcelTimeline parcels={[parcel()]} />)
    expect(text(html)).toBe(
      "Parcel · Postal Ground Advantage In transit Estimated delivery Thu, Mar 6 " +
        "Tracking number 9400111202555842761245 " +
        "Tue, Mar 4, 8:10 AM In transit " +
        "Mon, Mar 3, 1:00 PM Accepted at post office Newark, NJ 07102, US"
    )
    expect(html).toContain(
      'href="https://tools.example.com/track?number=9400111202555842761245"'
    )
    expect(html).toContain('rel="noopener noreferrer"')
  })

  it("says the day it was delivered (the Delivered scan's own), a return and a parcel of several", () => {
    const delivered = parcel({
      status: "Delivered",
      delivered_at: "2031-03-06T03:00:00.000Z",
      timeline: [
        {
          ...parcel().timeline[0]!,
          status: "Delivered",
          date: "2031-03-05",
          time: "22:00:00",
          description: "Delivered, front door",
        },
      ],
    })
    const html = renderToStaticMarkup(
      <ParcelTimeline
        parcels={[
          delivered,
          parcel({
            direction: "return",
            service: "Postal return label",
            status: null,
            tracking_url: null,
            estimated_delivery: null,
            timeline: [],
            tracking_number: "9400RETURN",
          }),
          parcel({ parcel_number: 2, parcel_count: 3, tracking_number: "2" }),
        ]}
      />
    )
    const t = text(html)
    // 22:00 in New York on the 5th is the 6th in UTC: the shopper was home on the 5th.
    expect(t).toContain("Delivered Wed, Mar 5")
    expect(t).toContain(
      "Return · Postal return label Waiting for the carrier's first scan Tracking number 9400RETURN"
    )
    expect(t).toContain("Parcel 2 of 3 · Postal Ground Advantage")
  })

  it("renders nothing for a shopper who may not read the order, and the empty text before a label", () => {
    expect(renderToStaticMarkup(<ParcelTimeline parcels={null} />)).toBe("")
    expect(renderToStaticMarkup(<ParcelTimeline parcels={[]} />)).toBe("")
    expect(
      text(
        renderToStaticMarkup(
          <ParcelTimeline parcels={[]} emptyText="Not shipped yet" />
        )
      )
    ).toBe("Not shipped yet")
  })

  it("takes the starter's look by default, adds classes per slot, and drops its own when unstyled", () => {
    const styled = renderToStaticMarkup(
      <ParcelTimeline parcels={[parcel()]} classNames={{ parcel: "my-card" }} />
    )
    expect(styled).toMatch(
      /class="[^"]*shadow-elevation-card-rest[^"]*my-card"/
    )
    const bare = renderToStaticMarkup(
      <ParcelTimeline
        parcels={[parcel()]}
        unstyled
        classNames={{ parcel: "my-card" }}
      />
    )
    expect(bare).not.toContain("shadow-elevation-card-rest")
    expect(bare).toContain('class="my-card"')
    expect(bare).not.toMatch(/class="\s*"/)
  })
})

describe("DeliveryPromise", () => {
  const promises = [
    {
      shipping_option_id: "so_1",
      name: "Ground",
      estimated_delivery: {
        earliest: "2026-12-01",
        latest: "2026-12-01",
        guaranteed: false,
      },
    },
    {
      shipping_option_id: "so_2",
      name: "Priority",
      estimated_delivery: {
        earliest: "2026-12-01",
        latest: "2026-12-03",
        guaranteed: true,
      },
    },
    { shipping_option_id: "so_3", name: "Standard", estimated_delivery: null },
  ]

  it("shows 'Arrives Tue, Dec 1' beside its option, a range, and nothing without a commitment", () => {
    const show = (id: string) =>
      text(
        renderToStaticMarkup(
          <DeliveryPromise promise={promiseFor(promises, id)} />
        )
      )
    expect(show("so_1")).toBe("Arrives Tue, Dec 1")
    expect(show("so_2")).toBe("Arrives Tue, Dec 1 – Thu, Dec 3 · Guaranteed")
    expect(show("so_3")).toBe("")
    expect(show("so_unknown")).toBe("")
  })
})

describe("checkout problems", () => {
  const problems: CheckoutProblem[] = [
    {
      field: "shipping_address.phone",
      message: "Add a phone number: the carrier needs one for this service",
      fix: "customer",
      rule: "address.required-fields",
      detail: "phone is required",
    },
    {
      field: "items",
      item_ids: ["item_1"],
      message: "Medusa T-Shirt cannot ship with this option",
      fix: "merchant",
      rule: "customs.hs-code",
      detail: "hsCode missing",
    },
  ]

  it("lists each problem with its field's name, in the shopper's words", () => {
    const html = renderToStaticMarkup(
      <CheckoutProblems
        problems={problems}
        itemTitles={{ item_1: "Medusa T-Shirt" }}
      />
    )
    expect(text(html)).toBe(
      "This shipping option cannot take your order yet: " +
        "Phone Add a phone number: the carrier needs one for this service " +
        "Medusa T-Shirt Medusa T-Shirt cannot ship with this option"
    )
    expect(html).toContain('role="alert"')
    expect(html).toContain('data-field="shipping_address.phone"')
    // The rule's own words are for the merchant's logs, not the page.
    expect(html).not.toContain("phone is required")
    expect(renderToStaticMarkup(<CheckoutProblems problems={[]} />)).toBe("")
  })

  it("puts a field's own problems next to it, with the id the field is described by", () => {
    const html = renderToStaticMarkup(
      <FieldProblem field="shipping_address.phone" problems={problems} />
    )
    expect(html).toContain('id="shipping-problem-shipping_address-phone"')
    expect(text(html)).toBe(
      "Add a phone number: the carrier needs one for this service"
    )
    expect(
      renderToStaticMarkup(
        <FieldProblem field="shipping_address.city" problems={problems} />
      )
    ).toBe("")
  })
})

describe("returns", () => {
  const ret = (over: Partial<CustomerReturn> = {}): CustomerReturn => ({
    id: "return_1",
    status: "requested",
    requested_at: "2031-03-05T10:00:00.000Z",
    cancelable: true,
    labels: [
      {
        parcel_number: 1,
        parcel_count: 1,
        kind: "label",
        format: "PDF",
        mime_type: "application/pdf",
        file_name: "label-9400.pdf",
        pages: 1,
        url: "/store/shipping-services/orders/order_1/returns/return_1/label?parcel=1",
        tracking_number: "9400RET",
        tracking_url: null,
      },
    ],
    ...over,
  })
  const cancel = async () => ({ ok: false as const, status: 400, message: "x" })

  it("links the label to the storefront's own route, never the backend's, and offers cancel while cancelable", () => {
    const html = renderToStaticMarkup(
      <ReturnLabels orderId="order_1" returns={[ret()]} cancelAction={cancel} />
    )
    expect(html).toContain(
      'href="/api/returns/order_1/return_1/label?parcel=1"'
    )
    expect(html).toContain(
      'href="/api/returns/order_1/return_1/label?parcel=1&amp;download=1"'
    )
    expect(html).not.toContain("/store/shipping-services")
    expect(text(html)).toContain("Requested Wed, Mar 5")
    expect(text(html)).toContain("Download PDF")
    expect(html).toContain('data-testid="return-cancel"')

    const scanned = renderToStaticMarkup(
      <ReturnLabels
        orderId="order_1"
        returns={[ret({ cancelable: false })]}
        cancelAction={cancel}
      />
    )
    expect(scanned).not.toContain('data-testid="return-cancel"')
  })

  it("shows a QR code to take to the post office, and each page of a label of several", () => {
    const [label] = ret().labels
    const html = renderToStaticMarkup(
      <ReturnLabels
        orderId="order_1"
        labelBase="/shop/api/returns"
        returns={[
          ret({
            labels: [
              {
                ...label!,
                kind: "qr_code",
                format: "GIF",
                mime_type: "image/gif",
              },
              { ...label!, parcel_number: 2, parcel_count: 2, pages: 2 },
            ],
          }),
        ]}
      />
    )
    expect(html).toContain(
      'src="/shop/api/returns/order_1/return_1/label?parcel=1"'
    )
    expect(text(html)).toContain("Show this code at the post office")
    expect(text(html)).toContain("Print page 1 Print page 2")
    expect(html).toContain("parcel=2&amp;page=1")
  })

  it("offers the items Medusa would take back: fulfilled, less what returns already asked for", () => {
    expect(
      returnableItems([
        {
          id: "a",
          product_title: "Mug",
          variant_title: "Default",
          detail: { fulfilled_quantity: 3, return_requested_quantity: 1 },
        },
        {
          id: "b",
          title: "Shirt",
          variant_title: "L",
          detail: { fulfilled_quantity: 1, return_requested_quantity: 1 },
        },
        {
          id: "c",
          title: "Not shipped yet",
          detail: { fulfilled_quantity: 0 },
        },
      ])
    ).toEqual([{ id: "a", title: "Mug", subtitle: null, quantity: 2 }])
  })

  it("renders the request form only with something to return and a way to send it", () => {
    const action = async () => ({ ok: true as const, return_id: "r" })
    const items = [{ id: "a", title: "Mug", quantity: 2 }]
    const reasons = [{ id: "rr", value: "too_big", label: "Too big" }]
    const options = [{ id: "so_ret", name: "Postal return label" }]
    const html = renderToStaticMarkup(
      <ReturnRequestForm
        orderId="o"
        items={items}
        reasons={reasons}
        options={options}
        action={action}
      />
    )
    expect(text(html)).toContain("Items Mug")
    expect(text(html)).toContain("Reason Choose a reason Too big")
    expect(text(html)).toContain("How it goes back Postal return label")
    // The one option is chosen already.
    expect(html).toMatch(/checked="" value="so_ret"/)
    for (const [i, o] of [
      [[], options],
      [items, []],
    ] as const)
      expect(
        renderToStaticMarkup(
          <ReturnRequestForm
            orderId="o"
            items={i}
            reasons={reasons}
            options={o}
            action={action}
          />
        )
      ).toBe("")
  })
})
