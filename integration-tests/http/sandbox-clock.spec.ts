import { httpTestRunner } from "../helpers/runner"
import { openStore, setAppOptions } from "../helpers/store"
import { randomUUID } from "node:crypto"
import { appPluginOptions } from "../../dev/app-options"
import { ADDRESSES, type StoreSetup } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import {
  placeCustomerOrder,
  registerCustomer,
  type CustomerSession,
} from "../helpers/customer"
import { labelOf } from "../helpers/labels"
import { eventsProcessed, trackingViews } from "../helpers/tracking"
import { sandbox } from "../helpers/sandbox"
import {
  postForgedDelivery,
  registerTrackingWebhook,
} from "../helpers/webhooks"

jest.setTimeout(600_000)

/**
 * The sandbox path with the plugin's default tracking options: the sandbox says it is
 * the sandbox on every answer to the plugin's own calls, so its events are judged on its clock,
 * which its control API moves days ahead at once, and `--speed` runs fast. A parcel reaches
 * `delivered`; the admin and the shopper see the same status. What a webhook sender writes (a
 * sandbox header, a field) relaxes nothing. The options are the development app's with the
 * `tracking` section left out, set before the runner loads medusa-config.
 */
const { tracking: _defaults, ...withDefaultTracking } = appPluginOptions(
  process.env
)
const restoreOptions = setAppOptions(withDefaultTracking)

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    let hook: { apiKey: string; headerName: string }
    let shopper: CustomerSession

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      hook = await registerTrackingWebhook(getContainer())
      shopper = await registerCustomer(
        api,
        store,
        `sandbox-clock-${randomUUID().slice(0, 8)}@example.com`
      )
    })

    beforeEach(async () => {
      await sandbox.put("/webhooks", { delivery: true, mode: "normal" })
      await sandbox.put("/scenarios/default", { scenario: "delivered" })
    })

    afterAll(async () => {
      await sandbox.put("/clock/speed", { speed: 0 })
      restoreOptions()
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )

    async function labelled() {
      const order = await placeCustomerOrder(api, store, shopper, {
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        variantId: store.products[0].variantId,
      })
      return { order, row: await labelOf(shipping, order.id) }
    }

    const delivered = (orderId: string) =>
      waitFor(async () => {
        const { data } = await api.get(
          `/admin/orders/${orderId}?fields=id,*fulfillments`,
          admin
        )
        const f = data.order.fulfillments[0]
        return f?.delivered_at ? f : undefined
      }, `${orderId} delivered`)

    const views = (orderId: string) =>
      trackingViews(api, admin, shopper.headers, orderId)

    const processed = (shipmentId: string, count: number) =>
      eventsProcessed(shipping(), shipmentId, count)

    it("says the store is connected to the sandbox, and marks its labels", async () => {
      const { data } = await api.get(
        "/admin/shipping-services/connection",
        admin
      )
      expect(data.service).toMatchObject({
        kind: "sandbox",
        clock: expect.any(String),
        speed: 0,
      })
      const { order, row } = await labelled()
      const clock = (await sandbox.get("/clock")).now
      expect(new Date(row.sandbox_clock_at!).toISOString()).toBe(clock)
      expect((await views(order.id)).admin.sandbox).toEqual({
        clock_at: clock,
      })
    })

    it("delivers a parcel whose sandbox clock was advanced days past ours, and both views say Delivered", async () => {
      const { order, row } = await labelled()
      // The sandbox's own day-and-a-half and more: far beyond the default 24 hours "ahead".
      await sandbox.post("/clock/advance", { seconds: 5 * 86_400 })
      await sandbox.post("/clock/advance", { until: "done" })
      await sandbox.post("/webhooks/settle", {})
      const f = await delivered(order.id)
      expect(f.shipped_at).toBeTruthy()
      const events = await processed(row.id, 6)
      expect(
        events.filter((e) => e.outcome?.startsWith("ignored")).length
      ).toBe(0)
      const seen = await waitFor(async () => {
        const v = await views(order.id)
        return v.admin.tracking_status === "Delivered" ? v : undefined
      }, "the views")
      expect(seen.shopper.status).toBe("Delivered")
      expect(seen.shopper.delivered_at).toBeTruthy()
      expect(seen.admin.timeline.at(-1)).toMatchObject({
        status: "Delivered",
        ignored: null,
      })
    })

    it("delivers with the sandbox running fast (--speed), no advance", async () => {
      const { order } = await labelled()
      // 47 sandbox hours to Delivered: 17 s at 10,000×.
      await sandbox.put("/clock/speed", { speed: 10_000 })
      try {
        await delivered(order.id)
      } finally {
        await sandbox.put("/clock/speed", { speed: 0 })
      }
      const v = await waitFor(async () => {
        const v = await views(order.id)
        return v.shopper.status === "Delivered" ? v : undefined
      }, "the shopper's view")
      expect(v.admin.tracking_status).toBe("Delivered")
    })

    it("a sandbox header or field in a webhook delivery relaxes nothing: an event ahead of the sandbox's clock moves nothing", async () => {
      const { order, row } = await labelled()
      const sandboxNow = Date.parse((await sandbox.get("/clock")).now)
      // Three days ahead of the sandbox's own clock: ahead by the sandbox's measure too.
      const at = new Date(sandboxNow + 3 * 86_400_000)
      const res = await postForgedDelivery(api, hook, row.tracking_number, at)
      expect(res.status).toBe(200)
      const forgedEvent = await waitFor(async () => {
        const events = await shipping().listTrackingEvents({
          shipment_id: row.id,
          package_status: "Delivered",
        })
        return events[0]?.processed_at ? events[0] : undefined
      }, "the forged event applied")
      expect(forgedEvent.outcome).toBe("ignored: dated after it arrived")
      const [shipment] = await shipping().listShipments({ id: row.id })
      expect(shipment.delivered_applied_at).toBeNull()
      const v = await views(order.id)
      expect(v.admin.tracking_status).not.toBe("Delivered")
      expect(v.shopper.status).toBe(v.admin.tracking_status)
      expect(v.admin.fulfillment.delivered_at).toBeNull()
      // The admin sees it, marked; the shopper does not.
      expect(
        v.admin.timeline.find(
          (e: { status: string }) => e.status === "Delivered"
        )?.ignored
      ).toBe("ignored: dated after it arrived")
      expect(
        v.shopper.timeline.map((e: { status: string }) => e.status)
      ).not.toContain("Delivered")
    })
  },
})
