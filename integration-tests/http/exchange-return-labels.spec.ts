import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import {
  addOutbound,
  beginChange,
  changeRoute,
  requestChange,
} from "../helpers/order-changes"
import { Modules } from "@medusajs/framework/utils"
import {
  ADDRESSES,
  WAREHOUSE_ADDRESS,
  type StoreSetup,
} from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import {
  placeCustomerOrder,
  registerCustomer,
  type CustomerSession,
} from "../helpers/customer"
import { answer, captureNotifications, type Answer } from "../helpers/answers"
import { labelOf } from "../helpers/labels"
import { sandbox } from "../helpers/sandbox"
import { settled } from "../helpers/settled"
import { whenIdle } from "../../src/lib/in-flight"

jest.setTimeout(600_000)

/**
 * The inbound (return) part of an exchange or a claim that a merchant confirms in Medusa's admin
 * with the plugin's return option: the customer gets its return label as for a store return
 * (one label, bought after Medusa confirmed, listed and served to the order's customer only,
 * emailed), and a redelivered event buys nothing more.
 */
httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    let ada: CustomerSession
    let bob: CustomerSession
    /**
     * Ada's order, its label bought before the first test, so the database every test is
     * restored to holds it: each test's exchange or claim buys new labels (a return, the new
     * items), never changing this one's at the service.
     */
    let adasOrder: Awaited<ReturnType<typeof labelledOrder>>

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      ada = await registerCustomer(api, store, "ada.exchanges@example.com")
      bob = await registerCustomer(api, store, "bob.exchanges@example.com")
      await sandbox.delete("/faults")
      adasOrder = await labelledOrder(ada)
      await settled()
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const get = (
      path: string,
      headers: Record<string, string>,
      binary = false
    ) =>
      answer(
        api.get(path, {
          headers,
          ...(binary ? { responseType: "arraybuffer" } : {}),
        } as any)
      )
    /** Return labels the sandbox made (outbound labels of the change's new items are not counted). */
    const returnLabelsAtService = async () => {
      const state = await sandbox.get("/state")
      return Object.values<any>(state.shipments ?? {})
        .flat()
        .filter((s: any) => s.isReturn)
    }
    const returnRows = (orderId: string) =>
      shipping().listShipments({ order_id: orderId, is_return: true })

    /** A customer's order (one tee), its label bought by the plugin. */
    async function labelledOrder(customer: CustomerSession) {
      const order = await placeCustomerOrder(api, store, customer, {
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        variantId: store.products[0].variantId,
      })
      await labelOf(shipping, order.id)
      const { data } = await api.get(
        `/admin/orders/${order.id}?fields=id,*items`,
        admin
      )
      return data.order as { id: string; items: { id: string }[] }
    }

    /**
     * An exchange or a claim through Medusa's admin API, as the dashboard makes it: the tee comes
     * back with the plugin's return option (the inbound part), a mug goes out with the plugin's
     * option (the outbound part), then the merchant confirms it.
     */
    async function confirmChange(
      kind: "exchange" | "claim",
      order: { id: string; items: { id: string }[] }
    ): Promise<{ change: any; confirmed: Answer }> {
      const change = await beginChange(api, admin, kind, order.id)
      const base = `${changeRoute(kind)}/${change.id}`
      await api.post(
        `${base}/inbound/items`,
        {
          location_id: store.locationId,
          items: [{ id: order.items[0].id, quantity: 1 }],
        },
        admin
      )
      await api.post(
        `${base}/inbound/shipping-method`,
        { shipping_option_id: store.shippingOptions["postal-return"] },
        admin
      )
      await addOutbound(
        api,
        admin,
        kind,
        change.id,
        [{ variant_id: store.products[1].variantId, quantity: 1 }],
        store.shippingOptions["postal-ground"]
      )
      const confirmed = await answer(requestChange(api, admin, kind, change.id))
      return { change, confirmed }
    }

    for (const kind of ["exchange", "claim"] as const) {
      it(`gives the customer one return label for the inbound part of ${kind === "exchange" ? "an exchange" : "a claim"} with the plugin's return option`, async () => {
        const order = adasOrder
        const mail = captureNotifications(getContainer())
        const atServiceBefore = (await returnLabelsAtService()).length
        const bus = getContainer().resolve(Modules.EVENT_BUS)
        // The service takes its time, so the event delivered again while the label is being
        // bought (a redelivery, a second worker) overlaps the first purchase for sure.
        await sandbox.put("/latency", { operation: "createShipment", ms: 1500 })
        const warn = jest.spyOn(getContainer().resolve("logger"), "warn")
        try {
          const { change, confirmed } = await confirmChange(kind, order)
          // Medusa confirms the change: the provider buys nothing inside the confirmation.
          expect([confirmed.status, confirmed.data.message]).toEqual([
            200,
            undefined,
          ])
          const returnId = confirmed.data[kind].return_id as string
          const event = {
            name: `order.${kind}_created`,
            data: { order_id: order.id, [`${kind}_id`]: change.id },
          }
          await Promise.all([bus.emit(event), bus.emit(event)])
          await sandbox.put("/latency", { operation: "createShipment", ms: 0 })
          expect(returnId).toBeTruthy()
          expect(confirmed.data.return?.id).toBe(returnId)

          // After Medusa's order.<kind>_created: one return label, on the return's fulfillment.
          const returnOf = async () =>
            (
              await api.get(
                `/admin/returns/${returnId}?fields=id,status,${kind}_id,*fulfillments,*fulfillments.labels`,
                admin
              )
            ).data
          const ret = await waitFor(async () => {
            const data = await returnOf()
            return data.return.fulfillments[0]?.data?.shipping_services
              ?.shipment_ids
              ? data
              : undefined
          }, `the ${kind}'s return label on its fulfillment`)
          const [row] = await returnRows(order.id)
          expect(await returnRows(order.id)).toHaveLength(1)
          expect(row).toMatchObject({
            status: "created",
            is_return: true,
            option_id: "postal-return",
          })
          // The returned item and quantity (not every order line, as Medusa lists them).
          expect(row.parcel).toMatchObject({
            items: [{ line_item_id: order.items[0].id, quantity: 1 }],
          })
          expect(ret.return[`${kind}_id`]).toBe(change.id)
          const [fulfillment] = ret.return.fulfillments
          expect(ret.return.fulfillments).toHaveLength(1)
          expect(row.fulfillment_id).toBe(fulfillment.id)
          expect(fulfillment.labels).toEqual([
            expect.objectContaining({
              tracking_number: row.tracking_number,
            }),
          ])
          expect(fulfillment.data.shipping_services).toMatchObject({
            shipment_ids: [row.id],
            is_return: true,
          })
          // At the service: one RETURN shipment, from the customer to the warehouse.
          const atService = await returnLabelsAtService()
          expect(atService).toHaveLength(atServiceBefore + 1)
          const sent = atService.find(
            (s: any) => s.parcelTrackingNumber === row.tracking_number
          ).response
          expect(sent.shipmentType).toBe("RETURN")
          expect(sent.fromAddress).toMatchObject({
            addressLines: ["1 MAIN ST"],
            postalCode: "10001",
          })
          expect(sent.toAddress).toMatchObject({
            addressLines: [WAREHOUSE_ADDRESS.address_1.toUpperCase()],
            postalCode: WAREHOUSE_ADDRESS.postal_code,
          })

          // The customer's return routes list it, and serve its label to the owner only.
          const listed = await get(
            `/store/shipping-services/orders/${order.id}/returns`,
            ada.headers
          )
          expect(listed.status).toBe(200)
          const mine = listed.data.returns.find((r: any) => r.id === returnId)
          expect(mine).toMatchObject({
            id: returnId,
            status: "requested",
            [`${kind}_id`]: change.id,
            // Part of the merchant's change: withdrawn with it, not by the customer alone.
            cancelable: false,
            labels: [
              expect.objectContaining({
                kind: "label",
                tracking_number: row.tracking_number,
              }),
            ],
          })
          const url = mine.labels[0].url as string
          const pdf = await get(url, ada.headers, true)
          expect(pdf.status).toBe(200)
          expect(Buffer.from(pdf.data).subarray(0, 5).toString("latin1")).toBe(
            "%PDF-"
          )
          expect((await get(url, bob.headers)).status).toBe(404)
          expect(
            (
              await get(
                `/store/shipping-services/orders/${order.id}/returns`,
                bob.headers
              )
            ).status
          ).toBe(404)
          const cancel = await answer(
            api.post(
              `/store/shipping-services/orders/${order.id}/returns/${returnId}/cancel`,
              {},
              { headers: ada.headers }
            )
          )
          expect(cancel.status).toBe(400)
          expect(cancel.data.message).toMatch(
            new RegExp(`part of (an exchange|a claim)`)
          )

          // The admin's order widget shows it as the change's return label.
          const { data: shown } = await api.get(
            `/admin/shipping-services/orders/${order.id}/shipments`,
            admin
          )
          expect(
            shown.shipments.find((s: any) => s.id === row.id)
          ).toMatchObject({
            is_return: true,
            status: "created",
            return_of: { kind, id: change.id, return_id: returnId },
          })

          // The return label notification, once.
          const notice = await waitFor(
            async () => mail.sent().find((n) => n.template === "return-label"),
            "the return label notification"
          )
          expect(notice).toMatchObject({
            to: ada.email,
            resource_id: returnId,
            data: { order_id: order.id, return_id: returnId },
          })
          expect(notice.attachments).toHaveLength(1)

          // Medusa's event delivered again later, twice at once: nothing more.
          await Promise.all([bus.emit(event), bus.emit(event)])
          await new Promise((r) => setTimeout(r, 1000))
          await waitFor(
            async () =>
              (await returnRows(order.id)).every((r) => r.status !== "pending"),
            "settled rows"
          )
          expect(await returnRows(order.id)).toHaveLength(1)
          expect(await returnLabelsAtService()).toHaveLength(
            atServiceBefore + 1
          )
          const stored = await getContainer()
            .resolve(Modules.NOTIFICATION)
            .listNotifications({ resource_id: returnId })
          expect(stored).toHaveLength(1)
          // The copies waited for the first under the order's lock and found the label: none
          // failed (against a label still held by the first run) or needed a retry.
          expect(
            warn.mock.calls
              .map(([m]) => String(m))
              .filter((m) => m.includes(`${kind} ${change.id}`))
          ).toEqual([])

          // Medusa's own cancel of the change (its dashboard's), which Medusa alone refuses
          // while the return has a live fulfillment: the label is withdrawn, never voided.
          const voids = async () =>
            ((await sandbox.get("/stats")).requests.voidShipment ?? 0) as number
          const voidsBefore = await voids()
          const canceled = await answer(
            api.post(`${changeRoute(kind)}/${change.id}/cancel`, {}, admin)
          )
          expect([canceled.status, canceled.data.message]).toEqual([
            200,
            undefined,
          ])
          const { data: after } = await api.get(
            `/admin/returns/${returnId}?fields=id,status,*fulfillments`,
            admin
          )
          expect(after.return.status).toBe("canceled")
          expect(after.return.fulfillments[0].canceled_at).toBeTruthy()
          expect(await voids()).toBe(voidsBefore)
          expect((await returnRows(order.id))[0].status).toBe("created")
          const gone = await get(
            `/store/shipping-services/orders/${order.id}/returns`,
            ada.headers
          )
          expect(gone.data.returns.map((r: any) => r.id)).not.toContain(
            returnId
          )
        } finally {
          await sandbox.put("/latency", { operation: "createShipment", ms: 0 })
          warn.mockRestore()
          mail.restore()
        }
      })
    }

    it("takes over the label bought by a run that failed before storing it: one label, on the fulfillment", async () => {
      const order = adasOrder
      const atServiceBefore = (await returnLabelsAtService()).length
      const fulfillments = getContainer().resolve(Modules.FULFILLMENT)
      const update = fulfillments.updateFulfillment.bind(fulfillments)
      let failed = 0
      // The first storing of the label fails (the database went away between the purchase and
      // the write), as a crash there would leave it: bought, in the journal, on no fulfillment.
      const spy = jest
        .spyOn(fulfillments, "updateFulfillment")
        .mockImplementation(async (id: string, data: any, ...rest: any[]) => {
          if (!failed && data?.data?.shipping_services?.shipment_ids) {
            failed++
            throw new Error("the database went away")
          }
          return (update as any)(id, data, ...rest)
        })
      try {
        const { confirmed } = await confirmChange("exchange", order)
        expect(confirmed.status).toBe(200)
        const returnId = confirmed.data.exchange.return_id as string
        const held = await waitFor(async () => {
          const { data } = await api.get(
            `/admin/returns/${returnId}?fields=id,*fulfillments,*fulfillments.labels`,
            admin
          )
          const [f] = data.return.fulfillments
          return f?.data?.shipping_services?.shipment_ids ? f : undefined
        }, "the label on the fulfillment after the retry")
        expect(failed).toBe(1)
        const rows = await returnRows(order.id)
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject({
          status: "created",
          fulfillment_id: held.id,
        })
        expect(held.data.shipping_services.shipment_ids).toEqual([rows[0].id])
        expect(held.labels).toHaveLength(1)
        expect(await returnLabelsAtService()).toHaveLength(atServiceBefore + 1)
      } finally {
        spy.mockRestore()
      }
    })

    it("records a refused purchase with the service's words for the admin, buys it when the sweep finds it due, and from the admin's button", async () => {
      const { retryWaitingReturnLabels } =
        await import("../../src/orchestration/returns/waiting-return-labels")
      const order = adasOrder
      const atServiceBefore = (await returnLabelsAtService()).length
      await sandbox.post("/faults", {
        operation: "createShipment",
        fault: "400",
        count: 100,
      })
      let returnId: string
      let changeId: string
      try {
        const { change, confirmed } = await confirmChange("claim", order)
        expect(confirmed.status).toBe(200)
        returnId = confirmed.data.claim.return_id
        changeId = change.id
        // Medusa's event and the plugin's retry of it have run (each failed, each recorded).
        await new Promise((r) => setTimeout(r, 300))
        expect(await whenIdle({ timeoutMs: 60_000, quietMs: 300 })).toBe(true)
        const [waiting] = await waitFor(async () => {
          const { data } = await api.get(
            `/admin/shipping-services/orders/${order.id}/shipments`,
            admin
          )
          const w = data.waiting_return_labels
          return w.length && w[0].last_error ? w : undefined
        }, "the failed purchase on the order widget")
        expect(waiting).toMatchObject({
          return_id: returnId,
          kind: "claim",
          id: changeId,
          attempts: expect.any(Number),
          last_error: { message: expect.any(String) },
          next_attempt_at: expect.any(String),
        })
        // The event's own run, and its retry (the local event bus of tests runs it once).
        expect(waiting.attempts).toBe(2)
        expect(waiting.last_error.message).toMatch(/refused the request/)
        // Nothing due yet: the sweep leaves it to its backoff.
        expect(await retryWaitingReturnLabels(getContainer())).toBe(0)
        // The admin's "Buy now" while the service still refuses: its words, one more attempt.
        const now = await answer(
          api.post(
            `/admin/shipping-services/returns/${returnId}/label`,
            {},
            admin
          )
        )
        expect(now.status).toBe(400)
        expect(now.data.message).toMatch(/^The return label was not bought: /)
        const { data: after } = await api.get(
          `/admin/shipping-services/orders/${order.id}/shipments`,
          admin
        )
        expect(after.waiting_return_labels[0].attempts).toBe(
          waiting.attempts + 1
        )
      } finally {
        await sandbox.delete("/faults")
      }
      // Due (its backoff passed): the sweep buys it.
      const later = new Date(Date.now() + 60 * 60_000)
      expect(await retryWaitingReturnLabels(getContainer(), later)).toBe(1)
      // The refused attempts stay in the journal as failed; one label was bought.
      const rows = (await returnRows(order.id)).filter(
        (r) => r.status !== "failed"
      )
      expect(rows).toHaveLength(1)
      expect(rows[0].status).toBe("created")
      expect(await returnLabelsAtService()).toHaveLength(atServiceBefore + 1)
      const { data: shown } = await api.get(
        `/admin/shipping-services/orders/${order.id}/shipments`,
        admin
      )
      expect(shown.waiting_return_labels).toEqual([])
      expect(
        shown.shipments.find((s: any) => s.id === rows[0].id).return_of
      ).toEqual({ kind: "claim", id: changeId, return_id: returnId })

      // The admin's "Buy now": nothing waits any more; an unknown return; a body with fields.
      const again = await answer(
        api.post(
          `/admin/shipping-services/returns/${returnId}/label`,
          {},
          admin
        )
      )
      expect(again.status).toBe(409)
      expect(again.data.message).toBe(
        `Return ${returnId} has no return label waiting to be bought`
      )
      expect(
        (
          await answer(
            api.post(
              "/admin/shipping-services/returns/return_01UNKNOWN/label",
              {},
              admin
            )
          )
        ).status
      ).toBe(404)
      expect(
        (
          await answer(
            api.post(
              `/admin/shipping-services/returns/${returnId}/label`,
              { force: true },
              admin
            )
          )
        ).status
      ).toBe(400)
    })
  },
})
