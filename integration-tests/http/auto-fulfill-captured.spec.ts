import { httpTestRunner } from "../helpers/runner"
import { openStore, setAppOptions } from "../helpers/store"
import { Modules, PaymentEvents } from "@medusajs/framework/utils"
import { appPluginOptions } from "../../dev/app-options"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { whenIdle } from "../../src/lib/in-flight"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { sandbox } from "../helpers/sandbox"

jest.setTimeout(600_000)

/**
 * `autoFulfill.on: "captured"`: nothing is bought when the order is placed (its payment only
 * authorized); the labels come with Medusa's payment.captured once the payment is captured in
 * full, once however often the event comes; an order whose payment was captured at placement is
 * bought at order.placed. This file's app sets the option before the runner loads medusa-config.
 */
const restoreOptions = setAppOptions({
  ...appPluginOptions(process.env),
  autoFulfill: { on: "captured" },
})

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
    })

    afterAll(() => {
      restoreOptions()
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const settled = async () => {
      // Subscribers start a moment after the request that caused them.
      await new Promise((r) => setTimeout(r, 500))
      expect(await whenIdle({ timeoutMs: 60_000, quietMs: 300 })).toBe(true)
    }
    const order = () =>
      placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
    async function paymentOf(orderId: string) {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,*payment_collections,*payment_collections.payments`,
        admin
      )
      const payment = data.order.payment_collections[0].payments[0]
      return { id: payment.id as string, amount: Number(payment.amount) }
    }
    async function labelsOf(orderId: string) {
      const shipments = await shipping().listShipments({
        order_id: orderId,
        status: "created",
      })
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,*fulfillments`,
        admin
      )
      return {
        shipments: shipments.length,
        fulfillments: (
          data.order.fulfillments as { canceled_at: string | null }[]
        ).filter((f) => !f.canceled_at).length,
      }
    }
    const capture = (paymentId: string, amount: number) =>
      api.post(`/admin/payments/${paymentId}/capture`, { amount }, admin)

    it("buys nothing at placement, nothing on a partial capture, the label once the payment is captured in full, and never a second", async () => {
      const before = (await sandbox.get("/stats")).labelsCreated
      const placed = await order()
      await settled()
      expect(await labelsOf(placed.id)).toEqual({
        shipments: 0,
        fulfillments: 0,
      })
      expect(
        await shipping().listAutoFulfillments({ order_id: placed.id })
      ).toEqual([])

      const payment = await paymentOf(placed.id)
      const part = Math.floor(payment.amount / 3)
      expect((await capture(payment.id, part)).status).toBe(200)
      await settled()
      expect(await labelsOf(placed.id)).toEqual({
        shipments: 0,
        fulfillments: 0,
      })
      expect((await sandbox.get("/stats")).labelsCreated).toBe(before)

      expect((await capture(payment.id, payment.amount - part)).status).toBe(
        200
      )
      await waitFor(
        async () =>
          (
            await shipping().listAutoFulfillments({
              order_id: placed.id,
              status: "succeeded",
            })
          ).length > 0,
        "the label after the capture"
      )
      expect(await labelsOf(placed.id)).toEqual({
        shipments: 1,
        fulfillments: 1,
      })

      // The event again, twice at once (a redelivery): nothing more is bought.
      const bus = getContainer().resolve(Modules.EVENT_BUS)
      await Promise.all([
        bus.emit({ name: PaymentEvents.CAPTURED, data: { id: payment.id } }),
        bus.emit({ name: PaymentEvents.CAPTURED, data: { id: payment.id } }),
      ])
      await settled()
      expect(await labelsOf(placed.id)).toEqual({
        shipments: 1,
        fulfillments: 1,
      })
      expect((await sandbox.get("/stats")).labelsCreated).toBe(before + 1)
    })

    it("buys at order.placed an order whose payment was captured at placement (no payment.captured for it)", async () => {
      const placed = await order()
      await settled()
      expect((await labelsOf(placed.id)).shipments).toBe(0)
      // What a provider that captures on authorization does inside checkout: the Payment Module
      // captures, and Medusa emits no payment.captured for it.
      const payment = await paymentOf(placed.id)
      await getContainer()
        .resolve(Modules.PAYMENT)
        .capturePayment({ payment_id: payment.id, amount: payment.amount })
      await settled()
      expect((await labelsOf(placed.id)).shipments).toBe(0)
      // Then order.placed (here: its delivery again) finds the payment captured.
      await getContainer()
        .resolve(Modules.EVENT_BUS)
        .emit({ name: "order.placed", data: { id: placed.id } })
      await waitFor(
        async () =>
          (
            await shipping().listAutoFulfillments({
              order_id: placed.id,
              status: "succeeded",
            })
          ).length > 0,
        "the label at order.placed"
      )
      expect(await labelsOf(placed.id)).toEqual({
        shipments: 1,
        fulfillments: 1,
      })
    })
  },
})
