import { httpTestRunner } from "../helpers/runner"
import { Modules } from "@medusajs/framework/utils"
import { appPluginOptions } from "../../dev/app-options"
import {
  ADDRESSES,
  payAndComplete,
  placeOrder,
  setupStore,
  type ShopperAddress,
  type StoreSetup,
} from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { whenIdle } from "../../src/lib/in-flight"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import probeShippingService from "../../src/jobs/probe-shipping-service"
import retryAutoFulfillments from "../../src/jobs/retry-auto-fulfillments"
import { adminHeaders } from "../helpers/admin"
import { explainHttpErrors } from "../helpers/errors"
import { sandbox } from "../helpers/sandbox"

jest.setTimeout(600_000)

/**
 * The carrier's API away for longer than any retry schedule: the shop keeps selling (calculated
 * options at their fallback, never a 5xx), orders placed meanwhile wait for the service without
 * spending their attempts, the merchant is told once, and when the service answers again every
 * order gets its one label with no admin action. A refusal of the service (4xx) still counts its
 * attempts. And one rates call per parcel per cart state, with the delivery promise in it.
 *
 * The service is "away" with the sandbox answering every operation 503 (maintenance). The jobs
 * (retry, probe) are run by the test at the moments it chooses; the app runs them on its own
 * schedule too, which changes nothing of what is asserted.
 */
const CALCULATED = ["postal-ground", "postal-priority", "carrier-account"]
const before = process.env.SHIPPING_SERVICES_OPTIONS
const defaults = appPluginOptions({
  ...process.env,
  SHIPPING_SERVICES_OPTIONS: "",
})
process.env.SHIPPING_SERVICES_OPTIONS = JSON.stringify({
  ...defaults,
  // Two attempts 200 ms apart: the whole schedule is over long before the outage is.
  autoFulfill: { maxAttempts: 2, backoffMs: 200 },
  alerts: { template: "shipping-alert", to: "ops@example.com" },
  services: (defaults.services ?? []).map((s) =>
    s.id === "postal-ground"
      ? { ...s, fallbackPrice: { usd: 9.5 } }
      : s.id === "postal-priority"
        ? { ...s, fallbackPrice: "hide" }
        : s
  ),
})
afterAll(() => {
  if (before === undefined) delete process.env.SHIPPING_SERVICES_OPTIONS
  else process.env.SHIPPING_SERVICES_OPTIONS = before
})

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    let pk: { headers: Record<string, string> }

    beforeAll(async () => {
      explainHttpErrors(api)
      admin = await adminHeaders(getContainer())
      store = await setupStore(api, admin, {
        priceTypes: Object.fromEntries(
          CALCULATED.map((id) => [id, "calculated"])
        ),
      })
      pk = { headers: { "x-publishable-api-key": store.publishableKey } }
    })

    afterEach(async () => {
      await sandbox.delete("/faults")
      await sandbox.put("/latency", { operation: "rates", ms: 0 })
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const settled = async () => {
      await new Promise((r) => setTimeout(r, 300))
      expect(await whenIdle({ timeoutMs: 60_000, quietMs: 300 })).toBe(true)
    }
    const stats = () => sandbox.get("/stats")
    const serviceDown = () =>
      sandbox.post("/faults", {
        operation: "*",
        fault: "503",
        count: 1_000_000,
      })
    const rowsOf = async (ids: string[]) =>
      shipping().listAutoFulfillments(
        { order_id: ids },
        { select: ["order_id", "status", "attempts", "next_attempt_at"] }
      )
    const labelsOf = async (orderId: string) =>
      (await shipping().listShipments({ order_id: orderId, status: "created" }))
        .length
    const alerts = (kind: string) =>
      getContainer()
        .resolve(Modules.NOTIFICATION)
        .listNotifications({ template: "shipping-alert" })
        .then((all) => all.filter((n) => n.data?.kind === kind))
    const flatOrder = (i: number) =>
      placeOrder(api, store, {
        region: "us",
        address: { ...ADDRESSES.newYork, postal_code: `1000${i}` },
        optionId: "standard",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
        email: `outage${i}@example.com`,
      })
    async function cart(address: ShopperAddress) {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: store.regions.us,
          sales_channel_id: store.salesChannelId,
          email: "shopper@example.com",
          items: [{ variant_id: store.products[0].variantId, quantity: 1 }],
          shipping_address: address,
          billing_address: address,
        },
        pk
      )
      return data.cart.id as string
    }
    const calculate = (cartId: string, option: string) =>
      api
        .post(
          `/store/shipping-options/${store.shippingOptions[option]}/calculate`,
          { cart_id: cartId },
          pk
        )
        .catch((e: any) => e.response)
    const complete = (cartId: string) => payAndComplete(api, cartId, pk)

    it("orders placed during an outage longer than the retry schedule wait without spending attempts; once the service answers each gets one label, oldest first, with no admin action", async () => {
      const container = getContainer()
      const start = await stats()
      await serviceDown()
      const placed = []
      for (let i = 0; i < 3; i++) placed.push(await flatOrder(i))
      const ids = placed.map((o) => o.id)
      await settled()
      await waitFor(
        async () =>
          (await rowsOf(ids)).filter((r) => r.status === "waiting").length ===
          3,
        "every order waiting for the service"
      )
      // Far longer than the whole retry schedule (2 attempts, 200 ms apart): the retry job runs
      // again and again, and nothing is spent or given up.
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 300))
        await retryAutoFulfillments(container)
      }
      expect((await rowsOf(ids)).map((r) => [r.status, r.attempts])).toEqual(
        ids.map(() => ["waiting", 0])
      )
      const creates = (await stats()).requests.createShipment ?? 0
      await retryAutoFulfillments(container)
      expect((await stats()).requests.createShipment ?? 0).toBe(creates)

      // The first probe that fails confirms it: one alert, Health and Ready to ship say so.
      await probeShippingService(container)
      await probeShippingService(container)
      await settled()
      const down = await waitFor(
        async () => (await alerts("service_down"))[0],
        "the outage alert"
      )
      // How many waited when the first failed probe confirmed it (the app's own job may have
      // probed before the last order was placed); Health below counts them now.
      expect(down.data).toMatchObject({ severity: "warning" })
      expect(down.data.orders_waiting).toBeGreaterThanOrEqual(1)
      expect(await alerts("service_down")).toHaveLength(1)
      const { data: health } = await api.get(
        "/admin/shipping-services/health",
        admin
      )
      const service = health.health.items.find((i: any) => i.key === "service")
      expect(service.status).toBe("warning")
      expect(service.summary).toMatch(
        /^Not answering since .*; 3 order\(s\) wait for their labels$/
      )
      const { data: ready } = await api.get(
        "/admin/shipping-services/ready-to-ship?view=awaiting",
        admin
      )
      const waiting = ready.orders.filter((o: any) => ids.includes(o.order_id))
      expect(waiting.map((o: any) => o.state)).toEqual([
        "waiting",
        "waiting",
        "waiting",
      ])
      expect(waiting[0].reason).toMatch(/^Waiting for the shipping service/)
      const { data: widget } = await api.get(
        `/admin/shipping-services/orders/${ids[0]}/shipments`,
        admin
      )
      expect(widget.auto_fulfillment).toMatchObject({
        status: "waiting",
        attempts: 0,
        can_retry: true,
      })

      // The service answers again: the next probe resumes every order, with no admin call.
      await sandbox.delete("/faults")
      const result = await probeShippingService(container).then(() =>
        rowsOf(ids)
      )
      await settled()
      await waitFor(
        async () => (await rowsOf(ids)).every((r) => r.status === "succeeded"),
        "every waiting order labelled"
      )
      expect(result).toBeDefined()
      for (const id of ids) expect(await labelsOf(id)).toBe(1)
      const end = await stats()
      expect(end.labelsCreated - start.labelsCreated).toBe(3)
      expect(end.duplicatesRefused).toBe(start.duplicatesRefused)
      expect(
        (await rowsOf(ids)).map((r) => r.attempts).every((a) => a === 1)
      ).toBe(true)
      await waitFor(
        async () => (await alerts("service_back")).length === 1,
        "the back alert"
      )
      expect(await shipping().availability().read()).toBeNull()
      // A probe with the service up resumes nothing more and alerts nothing more.
      await probeShippingService(container)
      await settled()
      expect(await alerts("service_back")).toHaveLength(1)
      expect((await stats()).labelsCreated).toBe(end.labelsCreated)
    })

    it("a refusal of the service (4xx) still spends its attempts and waits for an admin", async () => {
      await sandbox.post("/faults", {
        operation: "createShipment",
        fault: "400",
        count: 100,
      })
      const placed = await flatOrder(7)
      await settled()
      await waitFor(
        async () => (await rowsOf([placed.id]))[0]?.status === "failed",
        "the first attempt failed"
      )
      await new Promise((r) => setTimeout(r, 300))
      await retryAutoFulfillments(getContainer())
      await settled()
      const [row] = await rowsOf([placed.id])
      expect(row).toMatchObject({
        status: "failed",
        attempts: 2,
        next_attempt_at: null,
      })
      expect(await shipping().availability().read()).toBeNull()
      expect(await labelsOf(placed.id)).toBe(0)
    })

    it("checkout during the outage: a fallback price or a refusal in words, never a 5xx; the order says its postage was not quoted live", async () => {
      // Priced while the service answered: the last quote of this cart state.
      const known = await cart({ ...ADDRESSES.newYork, postal_code: "10010" })
      const live = await calculate(known, "postal-ground")
      expect(live.status).toBe(200)
      const liveAmount = live.data.shipping_option.amount

      await serviceDown()
      const started = Date.now()
      const answers = [
        await calculate(known, "postal-ground"),
        await calculate(
          await cart({ ...ADDRESSES.newYork, postal_code: "10011" }),
          "postal-ground"
        ),
        await calculate(known, "postal-priority"),
        await calculate(known, "carrier-account"),
      ]
      for (const a of answers) expect(a.status).toBeLessThan(500)
      // The last quote of the same cart first, then the option's flat fallback.
      expect(answers[0].data.shipping_option.amount).toBe(liveAmount)
      expect(answers[1].data.shipping_option.amount).toBe(9.5)
      // "hide", and no quote to fall back on: refused in the shopper's words.
      expect(answers[2].status).toBe(400)
      expect(answers[2].data.message).toBe(
        "Postal Priority (with delivery confirmation) cannot be priced right now; choose another shipping option"
      )
      expect(answers[3].status).toBe(400)
      expect(answers[3].data.message).toMatch(/cannot be priced right now/)
      // Once the outage is known, no request waits on the service: no quote is asked (a time bound
      // here failed at a load of 14 on 2 cores, Medusa's own checkout taking 7 s).
      const quick = Date.now()
      const sent = async () => (await stats()).requests.rates ?? 0
      const sentBefore = await sent()
      expect((await calculate(known, "postal-ground")).status).toBe(200)
      expect(await sent()).toBe(sentBefore)
      expect(quick - started).toBeLessThan(30_000)

      // Sold at the fallback: the order keeps how its postage was priced.
      const fresh = await cart({ ...ADDRESSES.newYork, postal_code: "10012" })
      const added = await api
        .post(
          `/store/carts/${fresh}/shipping-methods`,
          { option_id: store.shippingOptions["postal-ground"] },
          pk
        )
        .catch((e: any) => e.response)
      expect(added.status).toBe(200)
      expect(added.data.cart.shipping_methods[0].amount).toBe(9.5)
      const order = await complete(fresh)
      await settled()
      const { data } = await api.get(
        `/admin/shipping-services/orders/${order.id}/shipments`,
        admin
      )
      expect(data.checkout).toMatchObject({ price_source: "flat" })
      expect(data.checkout.price_note).toMatch(/^Postage not quoted live/)
      // The label waits for the service with the others.
      expect((await rowsOf([order.id]))[0]).toMatchObject({ status: "waiting" })
      await sandbox.delete("/faults")
      await probeShippingService(getContainer())
      await settled()
      await waitFor(
        async () => (await labelsOf(order.id)) === 1,
        "the fallback-priced order's label"
      )
    })

    it("one rates call per parcel for a whole calculated checkout, the delivery promise with it, kept on the order", async () => {
      await sandbox.put("/latency", { operation: "rates", ms: 800 })
      const address = { ...ADDRESSES.newYork, postal_code: "10020" }
      const cartId = await cart(address)
      const rates = async () => (await stats()).requests.rates ?? 0
      const start = await rates()
      const { data: listed } = await api.get(
        `/store/shipping-options?cart_id=${cartId}`,
        pk
      )
      expect(listed.shipping_options.map((o: any) => o.id)).toContain(
        store.shippingOptions["postal-ground"]
      )
      expect((await calculate(cartId, "postal-ground")).status).toBe(200)
      const { data: added } = await api.post(
        `/store/carts/${cartId}/shipping-methods`,
        { option_id: store.shippingOptions["postal-ground"] },
        pk
      )
      const order = await complete(cartId)
      // One parcel, one rates call: listing, calculating, adding (Medusa prices it twice in that
      // request) and completing the cart all used it.
      expect((await rates()) - start).toBe(1)

      // The delivery promise came with it: the route asks nothing more for this option.
      const promised = await rates()
      const { data } = await api.get(
        `/store/shipping-services/carts/${cartId}/delivery-promises`,
        pk
      )
      const ground = data.delivery_promises.find(
        (p: any) =>
          p.shipping_option_id === store.shippingOptions["postal-ground"]
      )
      expect(ground.estimated_delivery).toEqual({
        earliest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        latest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        guaranteed: expect.any(Boolean),
      })
      // Every other option of the plugin offered to the cart (flat ones too) costs one call each.
      const others = data.delivery_promises.length - 1
      expect((await rates()) - promised).toBe(others)
      expect(added.cart.shipping_methods).toHaveLength(1)
      await settled()
      const { data: shipments } = await api.get(
        `/admin/shipping-services/orders/${order.id}/shipments`,
        admin
      )
      expect(shipments.checkout).toMatchObject({
        price_source: "live",
        price_note: null,
        delivery_promise: ground.estimated_delivery,
      })
      // A changed address is a new cart state: a new rates call.
      const again = await rates()
      const other = await cart({ ...address, postal_code: "10021" })
      expect((await calculate(other, "postal-ground")).status).toBe(200)
      expect((await rates()) - again).toBe(1)
      // A cart that does not exist: 404, not a 5xx.
      const missing = await api
        .get(
          `/store/shipping-services/carts/cart_${"x".repeat(3000)}/delivery-promises`,
          pk
        )
        .catch((e: any) => e.response)
      expect(missing.status).toBe(404)
    })
  },
})
