import { httpTestRunner } from "../helpers/runner"
import { appPluginOptions } from "../../dev/app-options"
import {
  ADDRESSES,
  payAndComplete,
  placeOrder,
  RATE_SHOPPING_SERVICE,
  setupStore,
  type ShopperAddress,
  type StoreSetup,
} from "../../dev/seed/store"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import type { RateChoice } from "../../src/lib/rate-shopping/rate-choice"
import { adminHeaders } from "../helpers/admin"
import { explainHttpErrors } from "../helpers/errors"
import { startSandbox, type SandboxHandle } from "../../packages/sandbox/src"
import { serviceProxy, type ProxiedCall } from "../helpers/service-proxy"

jest.setTimeout(600_000)

/**
 * Rate shopping (docs/rate-shopping.md) over HTTP with the sandbox, through a proxy that records
 * what the plugin asked: a rate-shopping option is priced and promised at checkout from one rates
 * call per parcel without serviceId (the cheapest of PM, UGA, PS: UGA), the order's label is
 * bought with the checkout's quote, a partial fulfillment a business day later re-rates once and
 * buys the cheapest service still keeping the promise (PM, not UGA), and a rule of the documents
 * (EM needs the recipient's phone) removes a service from the choice, in words the admin sees.
 * A sandbox of this file's own, its clock stopped: this file moves it, and no other file does.
 */
let service: SandboxHandle
let proxy: Awaited<ReturnType<typeof serviceProxy>>
const patchBefore = process.env.SHIPPING_SERVICES_OPTIONS_PATCH
const DelCon = [{ specialServiceId: "DelCon", inputParameters: [] }]

beforeAll(async () => {
  service = await startSandbox({ port: 0, host: "127.0.0.1", speed: 0 })
  proxy = await serviceProxy(service.url)
  process.env.SHIPPING_SERVICES_OPTIONS_PATCH = JSON.stringify({
    roots: { baseUrl: proxy.url },
    // The admin fulfills: what the purchase asks is measured apart from checkout.
    autoFulfill: { enabled: false },
    services: [
      ...appPluginOptions(process.env).services,
      RATE_SHOPPING_SERVICE,
      {
        id: "postal-quickest",
        name: "Postal quickest",
        variant: "expedited",
        serviceId: "PM",
        specialServices: DelCon,
        rateShopping: { among: ["EM"], choose: "fastest" },
      },
    ],
  })
})

afterAll(async () => {
  if (patchBefore === undefined)
    delete process.env.SHIPPING_SERVICES_OPTIONS_PATCH
  else process.env.SHIPPING_SERVICES_OPTIONS_PATCH = patchBefore
  await proxy?.close()
  await service?.close()
})

/**
 * The rates requests without serviceId (rate shopping's) the service answered since `from` (an
 * index into the proxy's calls). The promises route also rates the flat options, each for its
 * service; a 401 (the sandbox's token expired as its clock moved) is answered again after a new token.
 */
const ratesCalls = (from: number): ProxiedCall[] =>
  proxy.calls
    .slice(from)
    .filter(
      (c) =>
        c.method === "POST" &&
        c.status === 200 &&
        /\/rates$/.test(c.path.split("?")[0]!) &&
        (c.body as any)?.rates?.[0]?.serviceId === undefined
    )
const rateOf = (call: ProxiedCall, serviceId: string) =>
  (call.answer as any).rates.find((r: any) => r.serviceId === serviceId) as {
    totalCarrierCharge: number
    deliveryCommitment: { estimatedDeliveryDateTime: string }
  }
const dayOf = (rate: ReturnType<typeof rateOf>) =>
  rate.deliveryCommitment.estimatedDeliveryDateTime.slice(0, 10)

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    let store: StoreSetup
    let pk: { headers: Record<string, string> }
    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )

    beforeAll(async () => {
      explainHttpErrors(api)
      admin = await adminHeaders(getContainer())
      store = await setupStore(api, admin, {
        priceTypes: {
          "postal-saver": "calculated",
          "postal-quickest": "calculated",
        },
      })
      pk = { headers: { "x-publishable-api-key": store.publishableKey } }
    })

    const cartTo = async (address: ShopperAddress, quantity = 1) => {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: store.regions.us,
          sales_channel_id: store.salesChannelId,
          email: "shopper@example.com",
          items: [{ variant_id: store.products[0]!.variantId, quantity }],
          shipping_address: address,
          billing_address: address,
        },
        pk
      )
      return data.cart.id as string
    }
    const choose = (cartId: string, optionId: string) =>
      api.post(
        `/store/carts/${cartId}/shipping-methods`,
        { option_id: store.shippingOptions[optionId] },
        pk
      )
    const fulfill = async (
      orderId: string,
      items: { id: string; quantity: number }[]
    ) => {
      await api.post(`/admin/orders/${orderId}/fulfillments`, { items }, admin)
      const rows = await shipping().listShipments(
        { order_id: orderId, status: "created" },
        { order: { created_at: "DESC" } }
      )
      return rows[0]!
    }
    const cardOf = async (orderId: string) =>
      (
        await api.get(
          `/admin/shipping-services/orders/${orderId}/shipments`,
          admin
        )
      ).data.shipments as { service_id: string; rate_choice: RateChoice }[]

    it("prices and promises the cheapest service from one rates call, and buys it with the checkout's quote", async () => {
      const from = proxy.calls.length
      const cartId = await cartTo(ADDRESSES.newYork)
      // Listing, the calculate route, choosing, and the promises of both rate-shopping options.
      const { data: listed } = await api.get(
        `/store/shipping-options?cart_id=${cartId}`,
        pk
      )
      const { data: priced } = await api.post(
        `/store/shipping-options/${store.shippingOptions["postal-saver"]}/calculate`,
        { cart_id: cartId },
        pk
      )
      await choose(cartId, "postal-saver")
      const { data: promises } = await api.get(
        `/store/shipping-services/carts/${cartId}/delivery-promises`,
        pk
      )
      const calls = ratesCalls(from)
      // One call for the cart state, without serviceId: every service of the carrier.
      expect(calls).toHaveLength(1)
      expect((calls[0]!.body as any).rates[0].serviceId).toBeUndefined()
      const uga = rateOf(calls[0]!, "UGA")
      const pm = rateOf(calls[0]!, "PM")
      expect(uga.totalCarrierCharge).toBeLessThan(
        rateOf(calls[0]!, "PS").totalCarrierCharge
      )
      expect(priced.shipping_option.amount).toBeCloseTo(
        uga.totalCarrierCharge,
        2
      )
      expect(listed.shipping_options.map((o: any) => o.id)).toContain(
        store.shippingOptions["postal-saver"]
      )
      const promised = promises.delivery_promises.find(
        (p: any) =>
          p.shipping_option_id === store.shippingOptions["postal-saver"]
      ).estimated_delivery
      expect(promised.latest).toBe(dayOf(uga))

      const order = await payAndComplete(api, cartId, pk)
      expect(ratesCalls(from)).toHaveLength(1)
      const { data } = await api.get(
        `/admin/orders/${order.id}?fields=id,*shipping_methods`,
        admin
      )
      expect(data.order.shipping_methods[0].data).toMatchObject({
        option_id: "postal-saver",
        delivery_promise: { latest: dayOf(uga) },
        promised_service_ids: ["UGA"],
      })

      const row = await fulfill(order.id, [
        { id: order.items[0]!.id, quantity: 1 },
      ])
      // The checkout's quote is still fresh: the purchase asked no rates.
      expect(ratesCalls(from)).toHaveLength(1)
      expect(row).toMatchObject({
        service_id: "UGA",
        option_id: "postal-saver",
      })
      const [card] = await cardOf(order.id)
      expect(card!.rate_choice).toMatchObject({
        strategy: "cheapest",
        default_service_id: "PM",
        chosen_service_id: "UGA",
        promised_date: dayOf(uga),
        currency: "usd",
      })
      expect(card!.rate_choice.saving).toBeCloseTo(
        pm.totalCarrierCharge - uga.totalCarrierCharge,
        2
      )
      expect(card!.rate_choice.compared.map((c) => c.service_id)).toEqual([
        "PM",
        "UGA",
        "PS",
      ])
    })

    it("a business day later, buys the cheapest service that still keeps the promise, not the cheaper one arriving late", async () => {
      // Another street: a cart state of its own. Two items, one fulfilled later: a new parcel.
      const cartId = await cartTo(
        { ...ADDRESSES.newYork, postal_code: "10002" },
        2
      )
      await choose(cartId, "postal-saver")
      const order = await payAndComplete(api, cartId, pk)
      const { data } = await api.get(
        `/admin/orders/${order.id}?fields=id,*shipping_methods`,
        admin
      )
      const promise = data.order.shipping_methods[0].data.delivery_promise
      expect(data.order.shipping_methods[0].data.promised_service_ids).toEqual([
        "UGA",
      ])

      // The next business day at the sandbox (Saturday and Sunday skipped).
      const now = new Date(service.control.clock().now)
      let days = 1
      while (
        [0, 6].includes(new Date(now.getTime() + days * 86_400_000).getUTCDay())
      )
        days++
      service.control.advance({ seconds: days * 86_400 })

      const from = proxy.calls.length
      const row = await fulfill(order.id, [
        { id: order.items[0]!.id, quantity: 1 },
      ])
      const calls = ratesCalls(from)
      expect(calls).toHaveLength(1)
      const uga = rateOf(calls[0]!, "UGA")
      expect(dayOf(uga) > promise.latest).toBe(true)
      expect(row.service_id).toBe("PM")
      const choice = row.rate_choice as RateChoice
      expect(choice.promised_date).toBe(promise.latest)
      expect(choice.compared.find((c) => c.service_id === "UGA")).toMatchObject(
        {
          refused: `arrives by ${dayOf(uga)}, after the promised ${promise.latest}`,
        }
      )
    })

    it("leaves out a service a rule refuses (EM needs the recipient's phone), with the rule's words on the card", async () => {
      const { phone: _none, ...noPhone } = ADDRESSES.newYork
      const cartId = await cartTo({ ...noPhone, postal_code: "10003" })
      const from = proxy.calls.length
      const { data: priced } = await api.post(
        `/store/shipping-options/${store.shippingOptions["postal-quickest"]}/calculate`,
        { cart_id: cartId },
        pk
      )
      const [call] = ratesCalls(from)
      expect(priced.shipping_option.amount).toBeCloseTo(
        rateOf(call!, "PM").totalCarrierCharge,
        2
      )
      await choose(cartId, "postal-quickest")
      const order = await payAndComplete(api, cartId, pk)
      const row = await fulfill(order.id, [
        { id: order.items[0]!.id, quantity: 1 },
      ])
      expect(row.service_id).toBe("PM")
      const [card] = await cardOf(order.id)
      expect(
        card!.rate_choice.compared.find((c) => c.service_id === "EM")!.refused
      ).toBe(
        "phone is required for service EM [address.expedited.express-mail-phone]"
      )

      // With the phone, the fastest is EM.
      const withPhone = await cartTo({
        ...ADDRESSES.newYork,
        postal_code: "10004",
      })
      await choose(withPhone, "postal-quickest")
      const paid = await payAndComplete(api, withPhone, pk)
      const express = await fulfill(paid.id, [
        { id: paid.items[0]!.id, quantity: 1 },
      ])
      expect(express.service_id).toBe("EM")
    })

    it("Ready to ship shows the service bought per parcel (rate-shopping options only)", async () => {
      const cartId = await cartTo({
        ...ADDRESSES.newYork,
        postal_code: "10005",
      })
      await choose(cartId, "postal-saver")
      const shopped = await payAndComplete(api, cartId, pk)
      await fulfill(shopped.id, [{ id: shopped.items[0]!.id, quantity: 1 }])
      const ground = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: store.products[0]!.variantId, quantity: 1 }],
      })
      await fulfill(ground.id, [{ id: ground.items[0]!.id, quantity: 1 }])
      const { data } = await api.get(
        "/admin/shipping-services/ready-to-ship?view=labelled",
        admin
      )
      const bought = (id: string) =>
        data.orders.find((o: any) => o.order_id === id).service.bought
      expect(bought(shopped.id)).toEqual(["UGA"])
      expect(bought(ground.id)).toBeNull()
    })
  },
})
