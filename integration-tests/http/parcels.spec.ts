import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { Modules } from "@medusajs/framework/utils"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { sandbox } from "../helpers/sandbox"
import { registerTrackingWebhook } from "../helpers/webhooks"
import { medusaCan } from "../../src/lib/medusa-release"

jest.setTimeout(600_000)

type Label = {
  tracking_number: string
  tracking_url: string
  label_url: string
}
type Fulfillment = {
  id: string
  shipped_at: string | null
  delivered_at: string | null
  canceled_at: string | null
  labels: Label[]
  data: Record<string, any>
}

/**
 * Medusa's own records hold what the plugin bought: one label per parcel on the fulfillment
 * (fulfillment_label), from creation through shipped, delivered and a reprint; several parcels
 * on one fulfillment, tracked together; Medusa's shipment event reaching a notification.
 */
httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      await registerTrackingWebhook(getContainer())
    })

    beforeEach(async () => {
      await sandbox.put("/webhooks", { delivery: true, mode: "normal" })
      await sandbox.put("/scenarios/default", { scenario: "delivered" })
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const oven = () =>
      store.products.find((p) => p.title === "Cast-Iron Dutch Oven")!

    async function fulfillmentsOf(orderId: string): Promise<Fulfillment[]> {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,fulfillment_status,*fulfillments,*fulfillments.labels`,
        admin
      )
      return data.order.fulfillments
    }

    async function fulfilled(orderId: string): Promise<Fulfillment> {
      await waitFor(
        async () =>
          (
            await shipping().listAutoFulfillments({
              order_id: orderId,
              status: "succeeded",
            })
          ).length > 0,
        `fulfillment of ${orderId}`
      )
      const live = (await fulfillmentsOf(orderId)).filter((f) => !f.canceled_at)
      expect(live).toHaveLength(1)
      return live[0]
    }

    const advance = async (body: Record<string, unknown>) => {
      await sandbox.post("/clock/advance", body)
      await sandbox.post("/webhooks/settle", {})
    }

    const orderStatus = async (orderId: string) =>
      (
        await api.get(
          `/admin/orders/${orderId}?fields=id,fulfillment_status`,
          admin
        )
      ).data.order.fulfillment_status as string

    it("keeps one label per parcel on Medusa's fulfillment from creation through shipped, delivered and a reprint", async () => {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
      const created = await fulfilled(order.id)
      expect(created.labels).toHaveLength(1)
      const [label] = created.labels
      expect(label).toEqual({
        id: expect.any(String),
        tracking_number: expect.stringMatching(/^9400\d+/),
        tracking_url: expect.stringContaining(label.tracking_number),
        label_url: expect.stringMatching(
          /\/admin\/shipping-services\/shipments\/ssship_\w+\/label$/
        ),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        deleted_at: null,
        fulfillment_id: created.id,
      })

      await advance({ seconds: 5 * 3600 })
      const shipped = await waitFor(
        async () => (await fulfillmentsOf(order.id)).find((f) => f.shipped_at),
        "shipped"
      )
      expect(shipped.labels.map((l) => l.tracking_number)).toEqual([
        label.tracking_number,
      ])

      const [row] = await shipping().listShipments({
        fulfillment_id: created.id,
      })
      await api.post(
        `/admin/shipping-services/shipments/${row.id}/reprint`,
        {},
        admin
      )
      await advance({ until: "done" })
      const delivered = await waitFor(
        async () =>
          (await fulfillmentsOf(order.id)).find((f) => f.delivered_at),
        "delivered"
      )
      expect(
        delivered.labels.map((l) => [l.tracking_number, l.label_url])
      ).toEqual([[label.tracking_number, label.label_url]])
    })

    it("ships three heavy items as three parcels on one fulfillment, delivered only with the last parcel", async () => {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: oven().variantId, quantity: 3 }],
      })
      const f = await fulfilled(order.id)
      expect(f.labels).toHaveLength(3)
      expect(new Set(f.labels.map((l) => l.tracking_number)).size).toBe(3)
      const rows = await shipping().listShipments(
        { fulfillment_id: f.id },
        { order: { parcel_index: "ASC" } }
      )
      expect(
        rows.map((r) => [
          r.parcel_index,
          r.parcel_count,
          (r.parcel as any).items[0].quantity,
        ])
      ).toEqual([
        [0, 3, 1],
        [1, 3, 1],
        [2, 3, 1],
      ])
      expect(f.data.shipping_services.shipment_ids).toEqual(
        rows.map((r) => r.id)
      )

      // The third parcel meets an exception and is delivered 20 hours after the others.
      await sandbox.put(`/scenarios/${rows[2].tracking_number}`, {
        scenario: "exception",
      })
      await advance({ seconds: 50 * 3600 })
      await waitFor(
        async () =>
          (await shipping().listShipments({ id: rows[1].id }))[0]
            .tracking_status === "Delivered",
        "two parcels delivered"
      )
      await waitFor(
        async () =>
          (
            await shipping().listTrackingEvents({
              shipment_id: rows.map((r) => r.id),
              processed_at: null,
            })
          ).length === 0,
        "events applied"
      )
      const partly = (await fulfillmentsOf(order.id))[0]
      expect(partly.shipped_at).toBeTruthy()
      expect(partly.delivered_at).toBeNull()
      expect(await orderStatus(order.id)).toBe("shipped")
      const { data: view } = await api.get(
        `/admin/shipping-services/orders/${order.id}/shipments`,
        admin
      )
      expect(
        view.shipments.map((s: any) => [s.parcel.index, s.tracking_status])
      ).toEqual([
        [0, "Delivered"],
        [1, "Delivered"],
        [2, "InTransit"],
      ])
      expect(view.shipments[2].timeline.map((e: any) => e.status)).toContain(
        "Exception"
      )

      await advance({ until: "done" })
      const done = await waitFor(
        async () =>
          (await fulfillmentsOf(order.id)).find((x) => x.delivered_at),
        "delivered with the last parcel"
      )
      expect(done.labels).toHaveLength(3)
      expect(await orderStatus(order.id)).toBe("delivered")
    })

    it("buys one label per parcel an admin chose in Medusa's fulfill, and refuses a bad choice before buying", async () => {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [
          { variantId: store.products[0].variantId, quantity: 2 },
          { variantId: store.products[1].variantId, quantity: 1 },
        ],
      })
      const auto = await fulfilled(order.id)
      await api.post(
        `/admin/orders/${order.id}/fulfillments/${auto.id}/cancel`,
        {},
        admin
      )
      const lines = order.items as {
        id: string
        quantity: number
        product_title?: string
        title?: string
      }[]
      const titled = (t: string) =>
        lines.find((l) => (l.product_title ?? l.title ?? "").startsWith(t))!
      const shirt = titled("Medusa T-Shirt")
      const mug = titled("Ceramic Mug")
      const before = (await sandbox.get("/stats")).labelsCreated

      const bad = await api
        .post(
          `/admin/orders/${order.id}/fulfillments`,
          {
            items: [
              { id: shirt.id, quantity: 2 },
              { id: mug.id, quantity: 1 },
            ],
            additional_data: {
              shipping_services: { parcels: [{ items: [] }] },
            },
          },
          admin
        )
        .catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.data)).toMatch(/parcels/)
      const uncovered = await api
        .post(
          `/admin/orders/${order.id}/fulfillments`,
          {
            items: [
              { id: shirt.id, quantity: 2 },
              { id: mug.id, quantity: 1 },
            ],
            additional_data: {
              shipping_services: {
                parcels: [{ items: [{ line_item_id: shirt.id, quantity: 2 }] }],
              },
            },
          },
          admin
        )
        .catch((e: any) => e.response)
      expect(uncovered.status).toBe(400)
      expect((await sandbox.get("/stats")).labelsCreated).toBe(before)
      if (!medusaCan("passesAdditionalData")) {
        // An older Medusa never hands the choice to the provider: refused in words, none bought.
        expect(uncovered.data.message).toMatch(
          /^additional_data\.shipping_services: choosing the parcels needs Medusa 2\.19\.0 or newer; Medusa 2\.\d+\.\d+ does not hand/
        )
        const chosen = await api
          .post(
            `/admin/orders/${order.id}/fulfillments`,
            {
              items: [{ id: mug.id, quantity: 1 }],
              additional_data: {
                shipping_services: {
                  parcels: [{ items: [{ line_item_id: mug.id, quantity: 1 }] }],
                },
              },
            },
            admin
          )
          .catch((e: any) => e.response)
        expect(chosen.status).toBe(400)
        expect((await sandbox.get("/stats")).labelsCreated).toBe(before)
        expect(
          (await fulfillmentsOf(order.id)).filter((x) => !x.canceled_at)
        ).toEqual([])
        return
      }
      expect(uncovered.data.message).toMatch(
        /1 of "Ceramic Mug.*" are in no parcel/
      )

      await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        {
          items: [
            { id: shirt.id, quantity: 2 },
            { id: mug.id, quantity: 1 },
          ],
          additional_data: {
            shipping_services: {
              parcels: [
                {
                  items: [
                    { line_item_id: shirt.id, quantity: 1 },
                    { line_item_id: mug.id, quantity: 1 },
                  ],
                  weight: 900,
                },
                { items: [{ line_item_id: shirt.id, quantity: 1 }] },
              ],
            },
          },
        },
        admin
      )
      const f = (await fulfillmentsOf(order.id)).find((x) => !x.canceled_at)!
      expect(f.labels).toHaveLength(2)
      const rows = await shipping().listShipments(
        { fulfillment_id: f.id },
        { order: { parcel_index: "ASC" } }
      )
      expect(rows.map((r) => (r.parcel as any).items)).toEqual([
        [
          { line_item_id: shirt.id, quantity: 1 },
          { line_item_id: mug.id, quantity: 1 },
        ],
        [{ line_item_id: shirt.id, quantity: 1 }],
      ])
      expect((rows[0].parcel as any).weight_oz).toBeCloseTo(31.75, 1)
      expect((await sandbox.get("/stats")).labelsCreated).toBe(before + 2)

      // Cancel voids every parcel.
      await api.post(
        `/admin/orders/${order.id}/fulfillments/${f.id}/cancel`,
        {},
        admin
      )
      const after = await shipping().listShipments({ fulfillment_id: f.id })
      expect(after.map((r) => r.status)).toEqual(["voided", "voided"])
    })

    it("records the shipment through Medusa so its notification carries the tracking number and link; no_notification is honoured", async () => {
      const notifications = () => getContainer().resolve(Modules.NOTIFICATION)
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        email: "notify@example.com",
        items: [{ variantId: store.products[1].variantId, quantity: 1 }],
      })
      const quiet = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        email: "quiet@example.com",
        items: [{ variantId: store.products[1].variantId, quantity: 1 }],
      })
      await getContainer()
        .resolve(Modules.ORDER)
        .updateOrders(quiet.id, { no_notification: true })
      const f = await fulfilled(order.id)
      await fulfilled(quiet.id)
      await advance({ seconds: 5 * 3600 })
      const sent = await waitFor(
        async () =>
          (
            await notifications().listNotifications({
              resource_id: f.id,
              template: "order-shipped",
            })
          )[0],
        "the shipped notification"
      )
      expect(sent).toMatchObject({
        to: "notify@example.com",
        channel: "email",
        trigger_type: "shipment.created",
      })
      expect(sent.data).toMatchObject({
        order_id: order.id,
        tracking_number: f.labels[0].tracking_number,
        tracking_url: f.labels[0].tracking_url,
        parcels: [
          {
            tracking_number: f.labels[0].tracking_number,
            tracking_url: f.labels[0].tracking_url,
          },
        ],
      })
      await waitFor(
        async () => (await fulfillmentsOf(quiet.id))[0].shipped_at,
        "the quiet order shipped"
      )
      await new Promise((r) => setTimeout(r, 1_000))
      expect(
        await notifications().listNotifications({ to: "quiet@example.com" })
      ).toHaveLength(0)
    })
  },
})
