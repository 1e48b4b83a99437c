import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { randomUUID } from "node:crypto"
import { startSandbox, type SandboxHandle } from "../../packages/sandbox/src"
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
import { serviceWithoutSandboxHeader } from "../helpers/service-proxy"
import {
  postForgedDelivery,
  registerTrackingWebhook,
} from "../helpers/webhooks"

jest.setTimeout(600_000)

/**
 * The production guard is unchanged when the service is not the sandbox: the plugin talks to a
 * service that never says it is the sandbox (a sandbox of this file's own behind a proxy that
 * drops its header), so event dates are judged on our clock with the default window. Its clock
 * advanced days ahead makes events "dated after they arrived": stored, shown to admins marked,
 * moving nothing. A sandbox header or field in a webhook delivery changes none of it.
 */
let service: SandboxHandle
let proxy: { url: string; close: () => Promise<void> }
const previousOptions = process.env.SHIPPING_SERVICES_OPTIONS

// Before the runner's own beforeAll, which loads medusa-config (and so these options).
beforeAll(async () => {
  service = await startSandbox({ port: 0, host: "127.0.0.1", speed: 0 })
  proxy = await serviceWithoutSandboxHeader(service.url)
  const { tracking: _defaults, ...options } = appPluginOptions(process.env)
  process.env.SHIPPING_SERVICES_OPTIONS = JSON.stringify({
    ...options,
    roots: { baseUrl: proxy.url },
    trackingUrlTemplate: `${proxy.url}/track/{trackingNumber}`,
  })
})

afterAll(async () => {
  if (previousOptions === undefined)
    delete process.env.SHIPPING_SERVICES_OPTIONS
  else process.env.SHIPPING_SERVICES_OPTIONS = previousOptions
  await proxy?.close()
  await service?.close()
})

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    let hook: { apiKey: string; headerName: string }
    let shopper: CustomerSession

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      hook = await registerTrackingWebhook(
        getContainer(),
        undefined,
        service.url
      )
      shopper = await registerCustomer(
        api,
        store,
        `service-clock-${randomUUID().slice(0, 8)}@example.com`
      )
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

    const views = (orderId: string) =>
      trackingViews(api, admin, shopper.headers, orderId)

    const processed = (shipmentId: string, count: number) =>
      eventsProcessed(shipping(), shipmentId, count)

    it("takes it for the service: no sandbox in the connection check or on the label", async () => {
      const { data } = await api.get(
        "/admin/shipping-services/connection",
        admin
      )
      expect(data.service).toEqual({ kind: "service" })
      const { order, row } = await labelled()
      expect(row.sandbox_clock_at).toBeNull()
      expect((await views(order.id)).admin.sandbox).toBeNull()
    })

    it("judges dates on our clock: events days ahead of it are stored and shown marked, and move nothing", async () => {
      const { order, row } = await labelled()
      // The timeline of the "delivered" scenario (0, 4, 10, 22, 42, 47 hours), sent at once.
      await service.control.advance({ seconds: 5 * 86_400 })
      await service.control.advance({ until: "done" })
      await service.control.settleWebhooks()
      const events = await processed(row.id, 6)
      expect(
        events
          .filter((e) => e.outcome === "ignored: dated after it arrived")
          .map((e) => e.package_status)
          .sort()
      ).toEqual(["Delivered", "OutForDelivery"])
      const shipped = await waitFor(async () => {
        const v = await views(order.id)
        return v.admin.fulfillment?.shipped_at ? v : undefined
      }, "shipped")
      expect(shipped.admin.fulfillment.delivered_at).toBeNull()
      expect(shipped.admin.tracking_status).toBe("InTransit")
      // One view of the status: the shopper's is the admin's, without the ignored scans.
      expect(shipped.shopper.status).toBe("InTransit")
      expect(shipped.shopper.delivered_at).toBeNull()
      expect(
        shipped.admin.timeline
          .filter((e: { ignored: string | null }) => e.ignored)
          .map((e: { status: string }) => e.status)
      ).toEqual(["OutForDelivery", "Delivered"])
      expect(
        shipped.shopper.timeline.map((e: { status: string }) => e.status)
      ).toEqual(["Manifest", "Acceptance", "InTransit", "InTransit"])

      // A sender claiming to be the sandbox, with a clock that would excuse the date: still ignored.
      const at = new Date(Date.now() + 3 * 86_400_000)
      const res = await postForgedDelivery(
        api,
        hook,
        row.tracking_number,
        at,
        "Delivered, forged"
      )
      expect(res.status).toBe(200)
      const after = await processed(row.id, 7)
      expect(
        after.find((e) => e.description === "Delivered, forged")?.outcome
      ).toBe("ignored: dated after it arrived")
      const [shipment] = await shipping().listShipments({ id: row.id })
      expect(shipment.delivered_applied_at).toBeNull()
      expect(shipment.tracking_status).toBe("InTransit")
      const { data } = await api.get(
        "/admin/shipping-services/connection",
        admin
      )
      expect(data.service).toEqual({ kind: "service" })
    })
  },
})
