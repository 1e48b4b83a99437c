import { inTransitNotification } from "../../dev/notifications"
import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { sandbox } from "../helpers/sandbox"
import { labelOf } from "../helpers/labels"
import { waitFor } from "../../dev/wait"
import { settled } from "../helpers/settled"
import { registerTrackingWebhook } from "../helpers/webhooks"
import {
  applyShipmentTracking,
  applyTrackingNumbers,
} from "../../src/orchestration/tracking/apply-tracking"
import { Modules } from "@medusajs/framework/utils"

jest.setTimeout(600_000)

const HOOK = "/hooks/shipping-services/tracking"

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    let hook: { apiKey: string; headerName: string }

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      hook = await registerTrackingWebhook(getContainer())
    })

    beforeEach(async () => {
      await sandbox.put("/webhooks", { delivery: true, mode: "normal" })
      await sandbox.put("/scenarios/default", { scenario: "delivered" })
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )

    async function labelledOrder(optionId = "postal-ground") {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId,
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
      const row = await labelOf(shipping, order.id)
      return { order, row }
    }

    async function fulfillment(orderId: string) {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,status,fulfillment_status,*fulfillments`,
        admin
      )
      return {
        order: data.order,
        f: data.order.fulfillments[0] as {
          id: string
          shipped_at: string | null
          delivered_at: string | null
        },
      }
    }

    async function runTimeline() {
      await sandbox.post("/clock/advance", { until: "done" })
      await sandbox.post("/webhooks/settle", {})
    }

    const notification = inTransitNotification

    const post = (
      body: unknown,
      headers: Record<string, string> = { [hook.headerName]: hook.apiKey }
    ) =>
      api
        .post(HOOK, body, {
          headers: { "content-type": "application/json", ...headers },
        })
        .catch((e: any) => e.response)

    it("moves an order to shipped and delivered by the sandbox's webhooks alone, keeping the whole timeline", async () => {
      const { order, row } = await labelledOrder()
      await runTimeline()
      const done = await waitFor(async () => {
        const state = await fulfillment(order.id)
        return state.f.delivered_at ? state : undefined
      }, "delivered")
      await waitFor(
        async () =>
          (
            await shipping().listTrackingEvents({
              shipment_id: row.id,
              processed_at: null,
            })
          ).length === 0,
        "every event processed"
      )
      expect(done.f.shipped_at).toBeTruthy()
      expect(done.order.fulfillment_status).toBe("delivered")
      const events = await shipping().listTrackingEvents(
        { shipment_id: row.id },
        { order: { occurred_at: "ASC" } }
      )
      expect(events.map((e) => e.package_status)).toEqual([
        "Manifest",
        "Acceptance",
        "InTransit",
        "InTransit",
        "OutForDelivery",
        "Delivered",
      ])
      expect(events.every((e) => e.processed_at && e.reference_id)).toBe(true)
      expect(events[0].payload).toMatchObject({
        trackingNumber: row.tracking_number,
        eventDate: expect.any(String),
        standardizedEventCode: expect.any(String),
      })
      // A delivery's apply can still be writing the parcel's summary after its events are
      // processed (seen at CI's load): the comparison below starts once the plugin is idle.
      await settled()
      const [after] = await shipping().listShipments({ id: row.id })
      expect(after).toMatchObject({ tracking_status: "Delivered" })
      expect(after.shipped_applied_at).toBeTruthy()
      expect(after.delivered_applied_at).toBeTruthy()

      // Applying the timeline again (a late announcement, the polling job) finds every event
      // applied: it plans nothing and writes nothing, not even the summary it would repeat.
      const plan = await applyShipmentTracking(getContainer(), row.id)
      expect(plan?.transitions).toEqual([])
      expect(plan?.processed_event_ids).toEqual([])
      const [again] = await shipping().listShipments({ id: row.id })
      expect(again.updated_at).toEqual(after.updated_at)
      expect(again.tracking_status).toBe("Delivered")
      // An announcement of a number whose events are all applied (the run before took them)
      // does not even take the parcel's lock.
      const locking = getContainer().resolve(Modules.LOCKING)
      const execute = jest.spyOn(locking, "execute")
      try {
        await applyTrackingNumbers(getContainer(), [row.tracking_number!])
        expect(execute).not.toHaveBeenCalled()
      } finally {
        execute.mockRestore()
      }
    })

    it("stores a repeated delivery once and survives out-of-order events without moving backwards", async () => {
      await sandbox.put("/webhooks", { delivery: true, mode: "duplicate" })
      const { order, row } = await labelledOrder()
      await runTimeline()
      await waitFor(
        async () => (await fulfillment(order.id)).f.delivered_at,
        "delivered (duplicates)"
      )
      const log: { outcome: string; payload: unknown }[] =
        await sandbox.get(`/webhooks/log`)
      const delivered = log.filter(
        (e) =>
          e.outcome === "delivered" &&
          JSON.stringify(e.payload).includes(row.tracking_number!)
      )
      expect(delivered.length).toBeGreaterThanOrEqual(12)
      expect(
        await shipping().listTrackingEvents({ shipment_id: row.id })
      ).toHaveLength(6)

      await sandbox.put("/webhooks", { delivery: true, mode: "out-of-order" })
      const second = await labelledOrder()
      await runTimeline()
      const state = await waitFor(async () => {
        const s = await fulfillment(second.order.id)
        return s.f.delivered_at ? s : undefined
      }, "delivered (out of order)")
      expect(state.f.shipped_at).toBeTruthy()
      // A late InTransit after Delivered (dated on the sandbox's clock, after the Delivered) joins
      // the timeline and changes nothing.
      const serviceNow = new Date((await sandbox.get("/clock")).now)
      const late = await post([
        notification(second.row.tracking_number!, {
          eventDate: serviceNow.toISOString().slice(0, 10),
          eventTime: serviceNow.toISOString().slice(11, 19),
          eventTimeOffset: "+00:00",
        }),
      ])
      expect(late.status).toBe(200)
      await waitFor(
        async () =>
          (
            await shipping().listTrackingEvents({
              shipment_id: second.row.id,
              processed_at: { $ne: null },
            })
          ).length === 7,
        "late event processed"
      )
      // It counted (its date is plausible): what keeps the status is "never backwards".
      expect(
        (
          await shipping().listTrackingEvents({ shipment_id: second.row.id })
        ).filter((e) => e.outcome?.startsWith("ignored"))
      ).toEqual([])
      const [row2] = await shipping().listShipments({ id: second.row.id })
      expect(row2.tracking_status).toBe("Delivered")
      expect((await fulfillment(second.order.id)).f.delivered_at).toEqual(
        state.f.delivered_at
      )
    })

    it("refuses a wrong or missing key, a malformed body and a body over 1 MB, storing nothing", async () => {
      const before = (await shipping().listTrackingEvents({})).length
      expect(
        (await post([notification("TN-X")], { [hook.headerName]: "wrong-key" }))
          .status
      ).toBe(401)
      expect((await post([notification("TN-X")], {})).status).toBe(401)
      const malformed = await post([{ carrier: "POSTAL" }])
      expect(malformed.status).toBe(400)
      expect(malformed.data.violations[0].path).toBe("[0].trackingNumber")
      const notJson = await api
        .post(HOOK, "{not json", {
          headers: {
            "content-type": "application/json",
            [hook.headerName]: hook.apiKey,
          },
        })
        .catch((e: any) => e.response)
      expect(notJson.status).toBe(400)
      const big = [
        notification("TN-BIG", { eventDescription: "x".repeat(1_100_000) }),
      ]
      expect((await post(big)).status).toBe(413)
      expect((await shipping().listTrackingEvents({})).length).toBe(before)
    })

    it("echoes X-Vendor-ReferenceId and keeps unknown tracking numbers as unmatched", async () => {
      const res = await api.post(HOOK, notification("UNKNOWN123"), {
        headers: {
          [hook.headerName]: hook.apiKey,
          "X-Vendor-ReferenceId": "ref-42",
        },
      })
      expect(res.status).toBe(200)
      expect(res.headers["x-vendor-referenceid"]).toBe("ref-42")
      expect(res.data).toEqual({ received: 1, stored: 1 })
      const again = await api.post(HOOK, [notification("UNKNOWN123")], {
        headers: { [hook.headerName]: hook.apiKey },
      })
      expect(again.data).toEqual({ received: 1, stored: 0 })
      const [event] = await shipping().listTrackingEvents({
        tracking_number: "UNKNOWN123",
      })
      expect(event).toMatchObject({
        shipment_id: null,
        package_status: "InTransit",
        reference_id: "ref-42",
        location: "Newark, NJ, US",
      })
    })

    it("records events of a voided shipment without touching the canceled fulfillment", async () => {
      const { order, row } = await labelledOrder()
      const { f } = await fulfillment(order.id)
      await api.post(
        `/admin/orders/${order.id}/fulfillments/${f.id}/cancel`,
        {},
        admin
      )
      const res = await post([
        notification(row.tracking_number!, {
          status: "Delivered",
          packageStatus: "Delivered",
          standardizedEventCode: "DLD",
        }),
      ])
      expect(res.status).toBe(200)
      const event = await waitFor(
        async () =>
          (
            await shipping().listTrackingEvents({
              shipment_id: row.id,
              package_status: "Delivered",
              processed_at: { $ne: null },
            })
          )[0],
        "processed"
      )
      expect(event.outcome).toBe("voided")
      expect((await fulfillment(order.id)).f.delivered_at).toBeNull()
    })
  },
})
