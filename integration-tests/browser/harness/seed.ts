import { fetchApi, type Api } from "../../../dev/seed/api"
import {
  ADDRESSES,
  placeOrder,
  setupStore,
  type StoreSetup,
} from "../../../dev/seed/store"
import type { ShipmentView } from "../../../src/lib/views/shipment-view"
import { placeCustomerOrder, registerCustomer } from "../../helpers/customer"
import { ADMIN, type RunningApp } from "./app"

export type SeededOrder = {
  id: string
  display_id: number
  shipment: ShipmentView
}
type Headers = { headers: Record<string, string> }

/** The order's first shipment (outbound or return) that is `ok`, polled for up to 90 s. */
export async function shipmentWhere(
  api: Api,
  admin: Headers,
  orderId: string,
  what: string,
  ok: (s: ShipmentView) => boolean,
  direction: "outbound" | "return" = "outbound"
): Promise<ShipmentView> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    const { data } = await api.get(
      `/admin/shipping-services/orders/${orderId}/shipments`,
      admin
    )
    const s = (data.shipments as ShipmentView[]).find(
      (x) => x.is_return === (direction === "return") && ok(x)
    )
    if (s) return s
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`order ${orderId}: no shipment ${what} within 90 s`)
}

/**
 * What a merchant's first day looks like: a store set up through the admin API, two orders placed
 * through the store API (the PDF and the PNG option) and one by a registered customer, labels
 * bought automatically, then the sandbox's clock run to the end so every tracking event reaches
 * the app by webhook and Medusa marks the orders shipped and delivered; then the customer sends
 * their item back through Medusa's POST /store/returns with the plugin's return option.
 */
export async function seedOrders(app: RunningApp): Promise<{
  pdf: SeededOrder
  png: SeededOrder
  returned: SeededOrder
  store: StoreSetup
}> {
  const api = fetchApi(app.backend)
  const { data: login } = await api.post("/auth/user/emailpass", ADMIN)
  const admin = { headers: { authorization: `Bearer ${login.token}` } }
  const store = await setupStore(api, admin)
  const items = [{ variantId: store.products[0].variantId, quantity: 1 }]
  const pdfOrder = await placeOrder(api, store, {
    region: "us",
    address: ADDRESSES.newYork,
    optionId: "postal-ground",
    items,
    email: "ada@example.com",
  })
  const pngOrder = await placeOrder(api, store, {
    region: "us",
    address: ADDRESSES.newYork,
    optionId: "postal-priority",
    items,
    email: "bob@example.com",
  })
  const customer = await registerCustomer(api, store, "carol@example.com")
  const customerOrder = await placeCustomerOrder(api, store, customer, {
    address: ADDRESSES.newYork,
    optionId: "postal-ground",
    variantId: store.products[1].variantId,
  })
  const labelled = (s: ShipmentView) => s.status === "created" && !!s.label
  await Promise.all([
    shipmentWhere(api, admin, pdfOrder.id, "with a label", labelled),
    shipmentWhere(api, admin, pngOrder.id, "with a label", labelled),
    shipmentWhere(api, admin, customerOrder.id, "with a label", labelled),
  ])

  app.sandbox.control.advance({ until: "done" })
  await app.sandbox.control.settleWebhooks()
  const delivered = (s: ShipmentView) =>
    labelled(s) &&
    s.tracking_status === "Delivered" &&
    !!s.fulfillment?.delivered_at
  const [pdf, png] = await Promise.all([
    shipmentWhere(api, admin, pdfOrder.id, "delivered", delivered),
    shipmentWhere(api, admin, pngOrder.id, "delivered", delivered),
  ])
  await shipmentWhere(api, admin, customerOrder.id, "delivered", delivered)

  const { data: order } = await api.get(
    `/admin/orders/${customerOrder.id}?fields=id,*items`,
    admin
  )
  await api.post(
    "/store/returns",
    {
      order_id: customerOrder.id,
      items: [{ id: order.order.items[0].id, quantity: 1 }],
      return_shipping: { option_id: store.shippingOptions["postal-return"] },
    },
    { headers: customer.headers }
  )
  const returnLabel = await shipmentWhere(
    api,
    admin,
    customerOrder.id,
    "return label",
    labelled,
    "return"
  )
  return {
    pdf: { id: pdfOrder.id, display_id: pdfOrder.display_id, shipment: pdf },
    png: { id: pngOrder.id, display_id: pngOrder.display_id, shipment: png },
    store,
    returned: {
      id: customerOrder.id,
      display_id: customerOrder.display_id,
      shipment: returnLabel,
    },
  }
}
