import { Modules } from "@medusajs/framework/utils"
import { httpTestRunner } from "../helpers/runner"
import {
  ADDRESSES,
  placeOrder,
  setupStore,
  type StoreSetup,
} from "../../dev/seed/store"
import { rowOfScan } from "../../src/lib/tracking/rows"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { adminHeaders } from "../helpers/admin"
import {
  placeCustomerOrder,
  registerCustomer,
  type CustomerSession,
} from "../helpers/customer"
import { explainHttpErrors } from "../helpers/errors"
import { labelOf } from "../helpers/labels"
import { sandbox } from "../helpers/sandbox"
import untrackFulfillmentData from "../../src/migration-scripts/shipping-services-untrack-fulfillment-data"

jest.setTimeout(600_000)

/** Every key and string value of a JSON answer, to prove what it does not contain. */
function walk(
  value: unknown,
  visit: (key: string | null, v: unknown) => void,
  key: string | null = null
) {
  visit(key, value)
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit))
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) walk(v, visit, k)
}

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let ada: CustomerSession
    let bob: CustomerSession
    let pk: { headers: Record<string, string> }

    beforeAll(async () => {
      explainHttpErrors(api)
      const admin = await adminHeaders(getContainer())
      store = await setupStore(api, admin)
      pk = { headers: { "x-publishable-api-key": store.publishableKey } }
      ada = await registerCustomer(api, store, "ada@example.com")
      bob = await registerCustomer(api, store, "bob@example.com")
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const tracking = (orderId: string, headers: Record<string, string>) =>
      api
        .get(`/store/shipping-services/orders/${orderId}/tracking`, { headers })
        .then((r: any) => ({ status: r.status, data: r.data }))
        .catch((e: any) => e.response)

    it("shows the owner the parcel, its status, estimate and timeline, and nothing internal", async () => {
      const order = await placeCustomerOrder(api, store, ada, {
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        variantId: store.products[0].variantId,
      })
      const row = await labelOf(shipping, order.id)
      const tn = row.tracking_number as string
      // Two scans after the label, dated as the service dates them: on its (the sandbox's, frozen)
      // clock, local time in New York (-05:00).
      const now = Date.parse((await sandbox.get("/clock")).now)
      const after = (hours: number) => new Date(now + hours * 3_600_000)
      const local = (d: Date) =>
        new Date(d.getTime() - 5 * 3_600_000).toISOString().slice(0, 19)
      const [arr, ofd] = [after(1), after(2)]
      const scan = (status: string, code: string, when: Date, city: string) =>
        rowOfScan(tn, {
          packageStatus: status,
          standardizedEventCode: code,
          eventDate: local(when).slice(0, 10),
          eventTime: local(when).slice(11, 19),
          eventTimeOffset: "-05:00",
          eventCity: city,
          eventStateOrProvince: "NY",
          postalCode: "10001",
          country: "US",
          eventDescription: `${status}, ${city}`,
        } as any)
      await shipping()
        .trackingEvents()
        .write([
          {
            ...scan("OutForDelivery", "OFD", ofd, "New York"),
            shipment_id: row.id,
          },
          {
            ...scan("InTransit", "ARR", arr, "Newark"),
            shipment_id: null,
          },
        ])
      // What the tracking apply path keeps from doc 3's estimatedDelivery* fields.
      await shipping().updateShipments({
        id: row.id,
        estimated_delivery: {
          estimatedDeliveryDate: "2031-03-04",
          estimatedDeliveryTime: "20:00:00",
          estimatedDeliveryTimeOffset: "-05:00",
        },
      })

      const res = await tracking(order.id, ada.headers)
      expect(res.status).toBe(200)
      expect(res.data.parcels).toHaveLength(1)
      const [p] = res.data.parcels
      expect(p).toMatchObject({
        direction: "outbound",
        carrier: "POSTAL",
        service: "Postal Ground Advantage",
        tracking_number: tn,
        status: "OutForDelivery",
        estimated_delivery: {
          date: "2031-03-04",
          time: "20:00:00",
          offset: "-05:00",
          at: "2031-03-05T01:00:00.000Z",
          source: "tracking",
        },
        shipped_at: null,
        delivered_at: null,
      })
      expect(p.tracking_url).toContain(tn)
      const mine = p.timeline.filter((e: any) =>
        ["ARR", "OFD"].includes(e.code)
      )
      expect(mine).toEqual([
        {
          occurred_at: new Date(
            Math.floor(arr.getTime() / 1000) * 1000
          ).toISOString(),
          date: local(arr).slice(0, 10),
          time: local(arr).slice(11, 19),
          offset: "-05:00",
          status: "InTransit",
          code: "ARR",
          description: "InTransit, Newark",
          location: "Newark, NY 10001, US",
          kind: "tracking",
        },
        {
          occurred_at: new Date(
            Math.floor(ofd.getTime() / 1000) * 1000
          ).toISOString(),
          date: local(ofd).slice(0, 10),
          time: local(ofd).slice(11, 19),
          offset: "-05:00",
          status: "OutForDelivery",
          code: "OFD",
          description: "OutForDelivery, New York",
          location: "New York, NY 10001, US",
          kind: "tracking",
        },
      ])

      // No ids of any kind, no charges, no label data.
      const internal = /^(ssship|sstev|ful|fulla|order|cus|ssaf)_/
      walk(res.data, (key, v) => {
        if (key)
          expect([
            key,
            /(^id$|_id$|^ids$|charge|label|transaction|manifest|payload|error)/i.test(
              key
            ),
          ]).toEqual([key, false])
        if (typeof v === "string")
          expect([v, internal.test(v)]).toEqual([v, false])
      })
      expect(JSON.stringify(res.data)).not.toContain(row.id)
      expect(JSON.stringify(res.data)).not.toContain(order.id)
    })

    it("answers another customer, an anonymous shopper and an unknown order with the same 404", async () => {
      const order = await placeCustomerOrder(api, store, ada, {
        address: ADDRESSES.newYork,
        optionId: "postal-priority",
        variantId: store.products[1].variantId,
      })
      await labelOf(shipping, order.id)
      const other = await tracking(order.id, bob.headers)
      const anonymous = await tracking(order.id, pk.headers)
      const unknown = await tracking("order_01UNKNOWN", ada.headers)
      expect([other.status, anonymous.status, unknown.status]).toEqual([
        404, 404, 404,
      ])
      expect(other.data).toEqual({
        type: "not_found",
        message: `Order with id: ${order.id} was not found`,
      })
      expect(anonymous.data).toEqual(other.data)
      expect(unknown.data.message).toBe(
        "Order with id: order_01UNKNOWN was not found"
      )
      // A bad or expired token is no login either: still 404, not 401.
      const forged = await tracking(order.id, {
        ...pk.headers,
        authorization: "Bearer not-a-token",
      })
      expect(forged.status).toBe(404)
    })

    it("does not serve guest orders (no account behind them), not even with the order id", async () => {
      const guest = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        email: "guest@example.com",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
      await labelOf(shipping, guest.id)
      expect((await tracking(guest.id, pk.headers)).status).toBe(404)
      expect((await tracking(guest.id, ada.headers)).status).toBe(404)
    })

    it("follows Medusa on whose order it is: a checkout with a customer's email is that customer's order", async () => {
      // Medusa links a cart to the existing customer of its email; /store/orders lists it for them.
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        email: bob.email,
        items: [{ variantId: store.products[1].variantId, quantity: 1 }],
      })
      await labelOf(shipping, order.id)
      const { data: listed } = await api.get("/store/orders?fields=id", {
        headers: bob.headers,
      })
      expect(listed.orders.map((o: { id: string }) => o.id)).toContain(order.id)
      expect((await tracking(order.id, bob.headers)).status).toBe(200)
      expect((await tracking(order.id, ada.headers)).status).toBe(404)
    })

    it("keeps tracking numbers out of Medusa's GET /store/orders/:id, which answers anyone with the order id, and clears those earlier versions stored", async () => {
      const order = await placeCustomerOrder(api, store, ada, {
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        variantId: store.products[0].variantId,
      })
      const row = await labelOf(shipping, order.id)
      const tn = row.tracking_number as string
      const storeOrder = async (fields: string) =>
        (await api.get(`/store/orders/${order.id}?fields=${fields}`, pk)).data
          .order
      const leaks = (answer: unknown) => {
        const found: string[] = []
        walk(answer, (_k, v) => {
          if (typeof v === "string" && v.includes(tn)) found.push(v)
        })
        return found
      }
      const answered = await storeOrder("*fulfillments")
      expect(
        answered.fulfillments[0].data.shipping_services.shipment_ids
      ).toEqual([row.id])
      expect(leaks(answered)).toEqual([])
      // Medusa's store API drops fields it does not allow, its fulfillment labels among them.
      expect(
        leaks(await storeOrder("*fulfillments,*fulfillments.labels"))
      ).toEqual([])

      // As an earlier version stored it.
      const fulfillments = getContainer().resolve(Modules.FULFILLMENT)
      const [f] = await fulfillments.listFulfillments({
        id: row.fulfillment_id as string,
      })
      const ref = (f.data as any).shipping_services
      await fulfillments.updateFulfillment(f.id, {
        data: {
          ...f.data,
          shipping_services: {
            ...ref,
            tracking_number: tn,
            tracking_numbers: [tn],
          },
        },
      })
      expect(leaks(await storeOrder("*fulfillments"))).toEqual([tn, tn])
      await untrackFulfillmentData({ container: getContainer() })
      const cleared = await storeOrder("*fulfillments")
      expect(leaks(cleared)).toEqual([])
      expect(cleared.fulfillments[0].data.shipping_services).toEqual(ref)
    })

    it("leaves out voided labels", async () => {
      const order = await placeCustomerOrder(api, store, ada, {
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        variantId: store.products[1].variantId,
      })
      const row = await labelOf(shipping, order.id)
      const admin = await adminHeaders(getContainer())
      await api.post(
        `/admin/shipping-services/shipments/${row.id}/void`,
        {},
        admin
      )
      const res = await tracking(order.id, ada.headers)
      expect(res).toMatchObject({ status: 200, data: { parcels: [] } })
    })
  },
})
