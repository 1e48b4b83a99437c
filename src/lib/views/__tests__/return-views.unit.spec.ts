import { customerReturnView, type ReturnLabelRow } from "../return-view"
import { labelPageUrlOf, returnNotificationData } from "../return-notification"

const options = {
  trackingUrlTemplate: "https://t.example/{trackingNumber}",
  returns: {
    requireCustomer: true,
    labelPageUrl: undefined as string | undefined,
  },
  webhook: { publicUrl: "https://api.shop.example" },
} as any

const row = (over: Partial<ReturnLabelRow> = {}): ReturnLabelRow => ({
  id: "ssship_1",
  fulfillment_id: "ful_1",
  is_return: true,
  status: "created",
  carrier: "POSTAL",
  option_id: "postal-return",
  tracking_number: "9400",
  tracking_url: null,
  label_type: "SHIPPING_LABEL",
  label_format: "PDF",
  parcel_index: 0,
  parcel_count: 1,
  label_pages: 1,
  ...over,
})

describe("customerReturnView", () => {
  it("lists the usable labels of a return, in parcel order, with the store route of each and nothing internal", () => {
    const view = customerReturnView({
      orderId: "order_1",
      ret: {
        id: "return_1",
        status: "requested",
        created_at: "2026-01-02T03:04:05Z",
      },
      rows: [
        row({
          id: "ssship_2",
          parcel_index: 1,
          parcel_count: 2,
          tracking_number: "9402",
          label_type: "QR_CODE",
          label_format: "GIF",
        }),
        row({ parcel_count: 2 }),
        row({ id: "ssship_3", status: "voided", tracking_number: "9403" }),
        row({ id: "ssship_4", is_return: false, tracking_number: "9404" }),
        row({ id: "ssship_5", status: "pending", tracking_number: null }),
      ],
      options,
    })
    expect(view).toEqual({
      id: "return_1",
      status: "requested",
      requested_at: "2026-01-02T03:04:05.000Z",
      exchange_id: null,
      claim_id: null,
      cancelable: true,
      labels: [
        {
          parcel_number: 1,
          parcel_count: 2,
          kind: "label",
          format: "PDF",
          mime_type: "application/pdf",
          file_name: "label-9400.pdf",
          pages: 1,
          url: "/store/shipping-services/orders/order_1/returns/return_1/label?parcel=1",
          tracking_number: "9400",
          tracking_url: "https://t.example/9400",
        },
        {
          parcel_number: 2,
          parcel_count: 2,
          kind: "qr_code",
          format: "GIF",
          mime_type: "image/gif",
          file_name: "label-9402.gif",
          pages: 1,
          url: "/store/shipping-services/orders/order_1/returns/return_1/label?parcel=2",
          tracking_number: "9402",
          tracking_url: "https://t.example/9402",
        },
      ],
    })
    expect(JSON.stringify(view)).not.toMatch(/ssship|ful_1/)
  })

  it("is cancelable until items are received or the carrier has scanned a parcel", () => {
    const cancelable = (status: string, ...tracking: (string | null)[]) =>
      customerReturnView({
        orderId: "order_1",
        ret: { id: "return_1", status },
        rows: tracking.map((t, i) =>
          row({
            id: `ssship_${i}`,
            parcel_index: i,
            tracking_number: `940${i}`,
            tracking_status: t,
          })
        ),
        options,
      }).cancelable
    expect(cancelable("requested", null, "Manifest")).toBe(true)
    expect(cancelable("requested", null, "Acceptance")).toBe(false)
    expect(cancelable("requested", "Exception")).toBe(false)
    expect(cancelable("partially_received", null)).toBe(false)
    expect(cancelable("received", null)).toBe(false)
    expect(cancelable("canceled", null)).toBe(false)
  })

  it("names the exchange or claim a return is part of, which the customer cannot cancel alone", () => {
    const view = (ret: Record<string, string>) =>
      customerReturnView({
        orderId: "order_1",
        ret: { id: "return_1", status: "requested", ...ret },
        rows: [row()],
        options,
      })
    expect(view({ exchange_id: "exchange_1" })).toMatchObject({
      exchange_id: "exchange_1",
      claim_id: null,
      cancelable: false,
      labels: [expect.objectContaining({ tracking_number: "9400" })],
    })
    expect(view({ claim_id: "claim_1" })).toMatchObject({
      exchange_id: null,
      claim_id: "claim_1",
      cancelable: false,
    })
    expect(view({}).cancelable).toBe(true)
  })

  it("escapes ids in the route", () => {
    const view = customerReturnView({
      orderId: "order/1",
      ret: { id: "ret?x" },
      rows: [row()],
      options,
    })
    expect(view.labels[0].url).toBe(
      "/store/shipping-services/orders/order%2F1/returns/ret%3Fx/label?parcel=1"
    )
    expect(view.requested_at).toBeNull()
  })
})

describe("returnNotificationData", () => {
  it("carries absolute links, the storefront page and the QR code's content id", () => {
    const view = customerReturnView({
      orderId: "order_1",
      ret: { id: "return_1" },
      rows: [row({ label_type: "QR_CODE", label_format: "GIF" })],
      options,
    })
    const data = returnNotificationData({
      order: { id: "order_1", display_id: 7 },
      returnId: "return_1",
      labels: view.labels,
      options: {
        ...options,
        returns: {
          requireCustomer: true,
          labelPageUrl:
            "https://shop.example/account/orders/{order_id}?return={return_id}",
        },
      },
    })
    expect(data).toEqual({
      order_id: "order_1",
      display_id: 7,
      return_id: "return_1",
      label_page_url:
        "https://shop.example/account/orders/order_1?return=return_1",
      label_url:
        "https://api.shop.example/store/shipping-services/orders/order_1/returns/return_1/label?parcel=1",
      qr_code_cid: "return-qr-1",
      labels: [
        expect.objectContaining({
          kind: "qr_code",
          content_id: "return-qr-1",
          url: "https://api.shop.example/store/shipping-services/orders/order_1/returns/return_1/label?parcel=1",
        }),
      ],
    })
  })

  it("has no page link without returns.labelPageUrl, and relative links without webhook.publicUrl", () => {
    expect(
      labelPageUrlOf(undefined, { order_id: "o", return_id: "r" })
    ).toBeNull()
    const data = returnNotificationData({
      order: { id: "o" },
      returnId: "r",
      labels: customerReturnView({
        orderId: "o",
        ret: { id: "r" },
        rows: [row()],
        options,
      }).labels,
      options: { ...options, webhook: {} },
    })
    expect(data.label_url).toBe(
      "/store/shipping-services/orders/o/returns/r/label?parcel=1"
    )
    expect(data.qr_code_cid).toBeNull()
    expect(data.display_id).toBeNull()
  })
})
