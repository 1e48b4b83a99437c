import { shipmentNotificationData } from "../shipment-notification"

describe("a shipment notification's data", () => {
  const fulfillment = {
    id: "ful_1",
    items: [
      { title: "Mug", quantity: 1, line_item_id: "ordli_2" },
      { title: null, quantity: 1 },
    ],
    labels: [
      { tracking_number: "9400", tracking_url: "https://t/9400" },
      { tracking_number: null },
    ],
    order: { id: "order_1", display_id: 7, email: "a@example.com" },
  }

  it("names the parcels and what they hold, and the exchange it replaces", () => {
    expect(
      shipmentNotificationData(fulfillment, { type: "exchange", id: "exc_1" })
    ).toEqual({
      order_id: "order_1",
      display_id: 7,
      fulfillment_id: "ful_1",
      tracking_number: "9400",
      tracking_url: "https://t/9400",
      parcels: [{ tracking_number: "9400", tracking_url: "https://t/9400" }],
      items: [{ title: "Mug", quantity: 1 }],
      replacement: { type: "exchange", id: "exc_1" },
    })
  })

  it("the order's own items: no replacement; no order: nothing to send", () => {
    expect(shipmentNotificationData(fulfillment)?.replacement).toBeNull()
    expect(shipmentNotificationData({ ...fulfillment, order: null })).toBeNull()
  })
})
