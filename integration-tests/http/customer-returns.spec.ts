import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { Modules } from "@medusajs/framework/utils"
import {
  addFlatOption,
  ADDRESSES,
  placeOrder,
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
import { atSandbox, sandbox } from "../helpers/sandbox"
import { registerTrackingWebhook } from "../helpers/webhooks"

jest.setTimeout(600_000)

/**
 * Returns a customer starts in the storefront: Medusa's own POST /store/returns with
 * one of the plugin's return options buys the return label (from the customer to the return
 * location) once; the customer alone gets the label (PDF, or the QR code GIF) and its
 * notification; return parcels are tracked on both timelines and their delivery announced; and
 * nobody else's request buys anything.
 */
httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    let ada: CustomerSession
    let bob: CustomerSession
    let pk: { headers: Record<string, string> }
    let manualReturnOption: string

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      pk = { headers: { "x-publishable-api-key": store.publishableKey } }
      await registerTrackingWebhook(getContainer())
      ada = await registerCustomer(api, store, "ada.returns@example.com")
      bob = await registerCustomer(api, store, "bob.returns@example.com")
      // A return option of another provider (Medusa's manual one): none of the plugin's business.
      manualReturnOption = await addFlatOption(api, admin, store, {
        key: "manual-return",
        beside: "postal-return",
        name: "Manual return",
        provider_id: "manual_manual",
        data: { id: "manual-fulfillment-return", is_return: true },
        isReturn: true,
        amount: 0,
      })
    })

    beforeEach(async () => {
      await sandbox.put("/webhooks", { delivery: true, mode: "normal" })
      await sandbox.put("/scenarios/default", { scenario: "delivered" })
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const labelsCreated = async () =>
      (await sandbox.get("/stats")).labelsCreated as number
    const advance = async (body: Record<string, unknown>) => {
      await sandbox.post("/clock/advance", body)
      await sandbox.post("/webhooks/settle", {})
    }
    const requestReturn = (
      orderId: string,
      items: { id: string; quantity: number }[],
      optionId: string,
      headers: Record<string, string>
    ) =>
      answer(
        api.post(
          "/store/returns",
          {
            order_id: orderId,
            items,
            return_shipping: { option_id: optionId },
          },
          { headers }
        )
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
    const returnRows = (orderId: string) =>
      shipping().listShipments({ order_id: orderId, is_return: true })
    const adminShipments = async (orderId: string) =>
      (
        await api.get(
          `/admin/shipping-services/orders/${orderId}/shipments`,
          admin
        )
      ).data.shipments as any[]
    const medusaReturns = async (orderId: string) =>
      (
        await api.get(
          `/admin/returns?order_id=${orderId}&fields=id,status,received_at`,
          admin
        )
      ).data.returns as { id: string; status: string }[]

    /** A customer's order, its parcel delivered through the sandbox's webhooks. */
    async function deliveredOrder(
      customer: CustomerSession,
      quantity = 1
    ): Promise<{ id: string; items: { id: string }[] }> {
      const order = await placeCustomerOrder(api, store, customer, {
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        variantId: store.products[0].variantId,
        quantity,
      })
      await labelOf(shipping, order.id)
      await advance({ until: "done" })
      await waitFor(async () => {
        const { data } = await api.get(
          `/admin/orders/${order.id}?fields=id,fulfillment_status`,
          admin
        )
        return data.order.fulfillment_status === "delivered"
      }, `delivery of ${order.id}`)
      const { data } = await api.get(
        `/admin/orders/${order.id}?fields=id,*items`,
        admin
      )
      return data.order
    }

    it("buys one return label from the customer to the return location, serves it to that customer only and emails its link", async () => {
      const order = await deliveredOrder(ada)
      const mail = captureNotifications(getContainer())
      const before = await labelsCreated()
      try {
        const res = await requestReturn(
          order.id,
          [{ id: order.items[0].id, quantity: 1 }],
          store.shippingOptions["postal-return"],
          ada.headers
        )
        expect(res.status).toBe(200)
        const returnId = res.data.return.id as string

        // One label at the service: a RETURN shipment from the customer to the warehouse.
        const [row] = await waitFor(async () => {
          const rows = await returnRows(order.id)
          return rows.length ? rows : undefined
        }, "the return label")
        expect(row).toMatchObject({
          status: "created",
          option_id: "postal-return",
        })
        expect(await labelsCreated()).toBe(before + 1)
        const dump = await sandbox.get("/state")
        const atService = dump.shipments.filter(
          (s: any) => s.parcelTrackingNumber === row.tracking_number
        )
        expect(atService).toHaveLength(1)
        const sent = atService[0].response
        expect(atService[0].isReturn).toBe(true)
        expect(sent.shipmentType).toBe("RETURN")
        expect(sent.fromAddress).toMatchObject({
          name: "Ada Lovelace",
          addressLines: ["1 MAIN ST"],
          cityTown: "NEW YORK",
          postalCode: "10001",
          countryCode: "US",
        })
        // The variant's own weight, as on the way out (not defaultParcel's 500 g).
        const [outbound] = await shipping().listShipments({
          order_id: order.id,
          is_return: false,
        })
        const weightOz = (row.parcel as { weight_oz: number }).weight_oz
        expect(weightOz).toBe(
          (outbound.parcel as { weight_oz: number }).weight_oz
        )
        expect(weightOz).toBeCloseTo(220 / 28.349523125, 1)
        expect(sent.parcel.weight).toMatchObject({
          weight: weightOz,
          unitOfMeasurement: "OZ",
        })
        expect(sent.toAddress).toMatchObject({
          addressLines: [WAREHOUSE_ADDRESS.address_1.toUpperCase()],
          cityTown: WAREHOUSE_ADDRESS.city.toUpperCase(),
          postalCode: WAREHOUSE_ADDRESS.postal_code,
          countryCode: "US",
        })

        // The customer finds the return and downloads its label: the stored PDF, byte for byte.
        const listed = await get(
          `/store/shipping-services/orders/${order.id}/returns`,
          ada.headers
        )
        expect(listed.status).toBe(200)
        expect(listed.data.returns).toEqual([
          {
            id: returnId,
            status: "requested",
            requested_at: expect.any(String),
            exchange_id: null,
            claim_id: null,
            cancelable: true,
            labels: [
              {
                parcel_number: 1,
                parcel_count: 1,
                kind: "label",
                format: "PDF",
                mime_type: "application/pdf",
                file_name: `label-${row.tracking_number}.pdf`,
                pages: 1,
                url: `/store/shipping-services/orders/${order.id}/returns/${returnId}/label?parcel=1`,
                tracking_number: row.tracking_number,
                tracking_url: expect.stringContaining(row.tracking_number!),
              },
            ],
          },
        ])
        const url = listed.data.returns[0].labels[0].url as string
        const pdf = await get(url, ada.headers, true)
        expect(pdf.status).toBe(200)
        expect(pdf.headers["content-type"]).toMatch(/^application\/pdf/)
        expect(pdf.headers["cache-control"]).toBe("private, no-store")
        const bytes = Buffer.from(pdf.data)
        expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
        const [page] = await shipping().versions().pages("label", row.id)
        expect(bytes.equals(await shipping().documents().bytes(page.id))).toBe(
          true
        )

        // Anyone else: the same 404 as the tracking route, for the list and the file.
        const unknownOrder = url.replace(order.id, "order_01UNKNOWN")
        for (const [path, headers] of [
          [url, bob.headers],
          [url, pk.headers],
          [unknownOrder, ada.headers],
          [`/store/shipping-services/orders/${order.id}/returns`, bob.headers],
          [`/store/shipping-services/orders/${order.id}/returns`, pk.headers],
          [url, { ...pk.headers, authorization: "Bearer not-a-token" }],
        ] as const) {
          const refused = await get(path, headers)
          expect([path, refused.status]).toEqual([path, 404])
          expect(refused.data.message).toMatch(
            /^Order with id: .* was not found$/
          )
        }
        // The customer's own order, but no such return or parcel; and input that is no number.
        expect(
          (await get(url.replace(returnId, "return_01UNKNOWN"), ada.headers))
            .status
        ).toBe(404)
        expect(
          (await get(url.replace("parcel=1", "parcel=2"), ada.headers)).status
        ).toBe(404)
        const bad = await get(
          `${url.replace("parcel=1", "parcel=x")}`,
          ada.headers
        )
        expect(bad.status).toBe(400)
        expect(bad.data.message).toMatch(/parcel: must be a whole number/)
        const many = await get(`${url}&page=1&page=2`, ada.headers)
        expect(many.status).toBe(400)
        expect(many.data.message).toMatch(/page: must be a whole number/)

        // The notification: Medusa's order.return_requested → label_ready → the customer's email.
        const notice = await waitFor(
          async () => mail.sent().find((n) => n.template === "return-label"),
          "the return label notification"
        )
        expect(notice).toMatchObject({
          to: ada.email,
          channel: "email",
          resource_id: returnId,
          resource_type: "return",
          trigger_type: "shipping-services.return.label_ready",
          data: {
            order_id: order.id,
            return_id: returnId,
            label_url: `${process.env.SHIPPING_SERVICES_PUBLIC_URL}${url}`,
            qr_code_cid: null,
            labels: [
              expect.objectContaining({
                kind: "label",
                tracking_number: row.tracking_number,
                url: `${process.env.SHIPPING_SERVICES_PUBLIC_URL}${url}`,
              }),
            ],
          },
        })
        expect(notice.attachments).toHaveLength(1)
        expect(notice.attachments[0]).toMatchObject({
          filename: `label-${row.tracking_number}.pdf`,
          content_type: "application/pdf",
          disposition: "attachment",
        })
        expect(
          Buffer.from(notice.attachments[0].content, "base64").equals(bytes)
        ).toBe(true)
        // Medusa keeps the notification's data (links only, no file) once.
        const stored = await getContainer()
          .resolve(Modules.NOTIFICATION)
          .listNotifications({ resource_id: returnId })
        expect(stored).toHaveLength(1)
        expect(JSON.stringify(stored[0].data)).not.toContain("JVBER")
      } finally {
        mail.restore()
      }
    })

    it("gives the QR code (GIF) of a QR-code return service, to show at the counter", async () => {
      const order = await deliveredOrder(ada)
      const mail = captureNotifications(getContainer())
      try {
        const res = await requestReturn(
          order.id,
          [{ id: order.items[0].id, quantity: 1 }],
          store.shippingOptions["postal-return-qr"],
          ada.headers
        )
        expect(res.status).toBe(200)
        const [row] = await waitFor(async () => {
          const rows = await returnRows(order.id)
          return rows.length ? rows : undefined
        }, "the QR code")
        const atService = await atSandbox(row.tracking_number)
        expect(atService.documents).toEqual([
          expect.objectContaining({ type: "QR_CODE", fileFormat: "GIF" }),
        ])
        const { data } = await get(
          `/store/shipping-services/orders/${order.id}/returns`,
          ada.headers
        )
        const [label] = data.returns[0].labels
        expect(label).toMatchObject({
          kind: "qr_code",
          format: "GIF",
          mime_type: "image/gif",
        })
        const gif = await get(label.url, ada.headers, true)
        expect(gif.status).toBe(200)
        expect(gif.headers["content-type"]).toMatch(/^image\/gif/)
        expect(gif.headers["content-disposition"]).toMatch(/^inline/)
        const bytes = Buffer.from(gif.data)
        expect(bytes.subarray(0, 6).toString("latin1")).toMatch(/^GIF8[79]a$/)
        expect((await get(label.url, bob.headers)).status).toBe(404)

        const notice = await waitFor(
          async () => mail.sent().find((n) => n.template === "return-label"),
          "the QR code notification"
        )
        expect(notice.data.qr_code_cid).toBe("return-qr-1")
        expect(notice.attachments).toEqual([
          expect.objectContaining({
            id: "return-qr-1",
            disposition: "inline",
            content_type: "image/gif",
          }),
        ])
        expect(
          Buffer.from(notice.attachments[0].content, "base64").equals(bytes)
        ).toBe(true)
      } finally {
        mail.restore()
      }
    })

    it("shows the return parcel's scans on the admin's and the customer's timelines and announces its delivery once; receiving stays the merchant's", async () => {
      const order = await deliveredOrder(ada)
      const res = await requestReturn(
        order.id,
        [{ id: order.items[0].id, quantity: 1 }],
        store.shippingOptions["postal-return"],
        ada.headers
      )
      expect(res.status).toBe(200)
      const returnId = res.data.return.id
      const [row] = await waitFor(async () => {
        const rows = await returnRows(order.id)
        return rows.length ? rows : undefined
      }, "the return label")
      const delivered: any[] = []
      const bus = getContainer().resolve(Modules.EVENT_BUS)
      const listener = async (event: any) => {
        delivered.push(event.data)
      }
      bus.subscribe("shipping-services.return.delivered", listener, {
        subscriberId: "test-return-delivered",
      })
      try {
        await advance({ until: "done" })
        await waitFor(
          async () => delivered.length > 0,
          "shipping-services.return.delivered"
        )
        expect(delivered).toEqual([
          {
            shipment_id: row.id,
            order_id: order.id,
            return_id: returnId,
            fulfillment_id: row.fulfillment_id,
            tracking_number: row.tracking_number,
          },
        ])

        const shown = (await adminShipments(order.id)).find(
          (s) => s.id === row.id
        )
        expect(shown).toMatchObject({
          is_return: true,
          tracking_status: "Delivered",
        })
        expect(shown.timeline.map((e: any) => e.status)).toEqual(
          expect.arrayContaining(["Acceptance", "InTransit", "Delivered"])
        )
        const { data: tracked } = await api.get(
          `/store/shipping-services/orders/${order.id}/tracking`,
          { headers: ada.headers }
        )
        const parcel = tracked.parcels.find(
          (p: any) => p.tracking_number === row.tracking_number
        )
        expect(parcel).toMatchObject({
          direction: "return",
          status: "Delivered",
        })
        expect(parcel.timeline.map((e: any) => e.status)).toEqual(
          shown.timeline.map((e: any) => e.status)
        )

        // Applying the parcel again (a poll, a redelivered webhook) announces nothing more.
        const { applyShipmentTracking } =
          await import("../../src/orchestration/tracking/apply-tracking")
        await applyShipmentTracking(getContainer(), row.id)
        await new Promise((r) => setTimeout(r, 500))
        expect(delivered).toHaveLength(1)
        expect(
          (await shipping().listShipments({ id: row.id }))[0]
            .delivered_applied_at
        ).toBeTruthy()
        // Medusa's return is still waiting for the merchant to receive it.
        expect(await medusaReturns(order.id)).toEqual([
          expect.objectContaining({ id: returnId, status: "requested" }),
        ])
      } finally {
        ;(bus as any).unsubscribe?.(
          "shipping-services.return.delivered",
          listener,
          { subscriberId: "test-return-delivered" }
        )
      }
    })

    it("buys nothing for a second request of the same items, in a row or at once (Medusa's own rule refuses it)", async () => {
      const order = await deliveredOrder(ada)
      const items = [{ id: order.items[0].id, quantity: 1 }]
      const option = store.shippingOptions["postal-return"]
      const first = await requestReturn(order.id, items, option, ada.headers)
      expect(first.status).toBe(200)
      await waitFor(async () => (await returnRows(order.id)).length, "label")
      const before = await labelsCreated()
      const again = await requestReturn(order.id, items, option, ada.headers)
      expect(again.status).toBe(400)
      expect(again.data.message).toBe(
        `Cannot request to return more items than what was fulfilled for item ${order.items[0].id}.`
      )
      expect(await labelsCreated()).toBe(before)
      expect(await returnRows(order.id)).toHaveLength(1)
      expect(await medusaReturns(order.id)).toHaveLength(1)

      // Two at once for a fresh order: one return, one label. The service takes its time, so
      // the two overlap for sure (without the plugin's per-order lock both pass Medusa's rule:
      // seen as two returns of one item).
      const other = await deliveredOrder(ada)
      const start = await labelsCreated()
      const otherItems = [{ id: other.items[0].id, quantity: 1 }]
      await sandbox.put("/latency", { operation: "createShipment", ms: 1500 })
      let both: Answer[]
      try {
        both = await Promise.all([
          requestReturn(other.id, otherItems, option, ada.headers),
          requestReturn(other.id, otherItems, option, ada.headers),
        ])
      } finally {
        await sandbox.put("/latency", { operation: "createShipment", ms: 0 })
      }
      expect(both.map((b) => b.status).sort()).toEqual([200, 400])
      expect(both.find((b) => b.status === 400)!.data.message).toBe(
        `Cannot request to return more items than what was fulfilled for item ${other.items[0].id}.`
      )
      expect(await labelsCreated()).toBe(start + 1)
      expect(await returnRows(other.id)).toHaveLength(1)
      expect(await medusaReturns(other.id)).toHaveLength(1)

      // The first shopper gives up (closes the tab) while the label is being bought; the repeat
      // still waits for Medusa to finish the first return, and buys nothing.
      const third = await deliveredOrder(ada)
      const third0 = await labelsCreated()
      const thirdItems = [{ id: third.items[0].id, quantity: 1 }]
      await sandbox.put("/latency", { operation: "createShipment", ms: 1500 })
      try {
        const abort = new AbortController()
        const gaveUp = answer(
          api.post(
            "/store/returns",
            {
              order_id: third.id,
              items: thirdItems,
              return_shipping: { option_id: option },
            },
            { headers: ada.headers, signal: abort.signal } as any
          )
        ).catch((e: Error) => e)
        await new Promise((r) => setTimeout(r, 400))
        abort.abort()
        expect(await gaveUp).toBeInstanceOf(Error)
        const repeat = await requestReturn(
          third.id,
          thirdItems,
          option,
          ada.headers
        )
        expect(repeat.status).toBe(400)
      } finally {
        await sandbox.put("/latency", { operation: "createShipment", ms: 0 })
      }
      await waitFor(
        async () => (await medusaReturns(third.id)).length === 1,
        "the first return, finished after its client left"
      )
      expect(await labelsCreated()).toBe(third0 + 1)
      expect(await returnRows(third.id)).toHaveLength(1)
    })

    it("refuses another customer's session, no session and a guessed id: 404, nothing bought, each counted", async () => {
      const order = await deliveredOrder(ada)
      const items = [{ id: order.items[0].id, quantity: 1 }]
      const option = store.shippingOptions["postal-return"]
      const before = await labelsCreated()
      const logger = getContainer().resolve("logger")
      const warn = jest.spyOn(logger, "warn")
      let attempts: Answer[]
      try {
        attempts = [
          await requestReturn(order.id, items, option, bob.headers),
          await requestReturn(order.id, items, option, pk.headers),
          await requestReturn(
            "order_01GUESSEDGUESSEDGUESSED00",
            items,
            option,
            bob.headers
          ),
        ]
        // Logged with the reason only: no order id, customer or address.
        const logged = warn.mock.calls
          .map(([m]) => String(m))
          .filter((m) => m.includes("refused a return"))
        expect(logged).toHaveLength(3)
        expect(logged.join("\n")).toMatch(
          /other_customer.*\n.*no_session.*\n.*unknown_order/
        )
        expect(logged.join("\n")).not.toMatch(/order_|cus_|@|Lovelace|MAIN/i)
      } finally {
        warn.mockRestore()
      }
      expect(attempts.map((a) => a.status)).toEqual([404, 404, 404])
      expect(attempts[0].data).toEqual({
        type: "not_found",
        message: `Order with id: ${order.id} was not found`,
      })
      expect(attempts[1].data).toEqual(attempts[0].data)
      expect(await labelsCreated()).toBe(before)
      expect(await returnRows(order.id)).toHaveLength(0)
      expect(await medusaReturns(order.id)).toHaveLength(0)
      const { data: guard } = await api.get(
        "/admin/shipping-services/returns",
        admin
      )
      expect(guard).toEqual({
        require_customer: true,
        label_page_url: null,
        refused: {
          total: 3,
          no_session: 1,
          other_customer: 1,
          unknown_order: 1,
          last_at: expect.any(String),
        },
      })
      const counted = async () =>
        (await api.get("/admin/shipping-services/returns", admin)).data.refused

      // Malformed bodies: Medusa's validator answers, never a 5xx, and nothing is bought.
      for (const body of [
        {},
        { order_id: 5, return_shipping: { option_id: option }, items },
        { order_id: order.id, return_shipping: { option_id: 7 }, items },
        { order_id: order.id, return_shipping: option, items },
        { order_id: order.id, items },
      ]) {
        const malformed = await answer(
          api.post("/store/returns", body, { headers: ada.headers })
        )
        expect([body, malformed.status]).toEqual([body, 400])
      }
      // A huge guessed id is judged like any other: refused, counted, nothing bought.
      const huge = await requestReturn(
        `order_${"9".repeat(20_000)}`,
        items,
        option,
        ada.headers
      )
      expect(huge.status).toBe(404)
      expect(await labelsCreated()).toBe(before)

      // Another provider's return option: Medusa's route as it is, the order id as credential.
      const manual = await requestReturn(
        order.id,
        items,
        manualReturnOption,
        pk.headers
      )
      expect(manual.status).toBe(200)
      expect(await labelsCreated()).toBe(before)
      expect(await counted()).toMatchObject({ total: 4, unknown_order: 2 })
    })

    it("lets anyone with the order id create the return when returns.requireCustomer is off (Medusa's default)", async () => {
      const guest = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        email: "guest.returns@example.com",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
      await labelOf(shipping, guest.id)
      const option = store.shippingOptions["postal-return"]
      const items = [{ id: guest.items[0].id, quantity: 1 }]
      expect(
        (await requestReturn(guest.id, items, option, pk.headers)).status
      ).toBe(404)
      const returns = shipping().getOptions().returns
      returns.requireCustomer = false
      const mail = captureNotifications(getContainer())
      try {
        const before = await labelsCreated()
        const res = await requestReturn(guest.id, items, option, pk.headers)
        expect(res.status).toBe(200)
        expect(await labelsCreated()).toBe(before + 1)
        // The guest cannot log in to download it: the label comes by email, attached.
        const notice = await waitFor(
          async () => mail.sent().find((n) => n.template === "return-label"),
          "the guest's notification"
        )
        expect(notice.to).toBe("guest.returns@example.com")
        expect(notice.attachments).toHaveLength(1)
        const { data: listed } = await answer(
          api.get(`/store/shipping-services/orders/${guest.id}/returns`, pk)
        )
        expect(listed.message).toMatch(/was not found/)
      } finally {
        returns.requireCustomer = true
        mail.restore()
      }
    })

    it("buys the label of a return an admin creates with the plugin's option, and sends it to the customer", async () => {
      const order = await deliveredOrder(ada, 2)
      const mail = captureNotifications(getContainer())
      try {
        const { data: begun } = await api.post(
          "/admin/returns",
          { order_id: order.id, location_id: store.locationId },
          admin
        )
        const returnId = begun.return.id
        await api.post(
          `/admin/returns/${returnId}/request-items`,
          { items: [{ id: order.items[0].id, quantity: 2 }] },
          admin
        )
        await api.post(
          `/admin/returns/${returnId}/shipping-method`,
          { shipping_option_id: store.shippingOptions["postal-return"] },
          admin
        )
        const before = await labelsCreated()
        await api.post(`/admin/returns/${returnId}/request`, {}, admin)
        expect(await labelsCreated()).toBe(before + 1)
        const [row] = await returnRows(order.id)
        expect(row.parcel).toMatchObject({
          items: [{ line_item_id: order.items[0].id, quantity: 2 }],
        })
        const notice = await waitFor(
          async () => mail.sent().find((n) => n.template === "return-label"),
          "the notification of an admin's return"
        )
        expect(notice.data.return_id).toBe(returnId)
        const { data } = await get(
          `/store/shipping-services/orders/${order.id}/returns`,
          ada.headers
        )
        expect(data.returns.map((r: any) => r.id)).toEqual([returnId])
      } finally {
        mail.restore()
      }
    })

    it("lets the customer cancel a return before the carrier has its parcel, and Medusa's own Cancel return work, never asking the service to void a return label", async () => {
      const order = await deliveredOrder(ada, 2)
      const item = order.items[0].id
      const voids = async () =>
        ((await sandbox.get("/stats")).requests.voidShipment ?? 0) as number
      const cancel = (returnId: string, headers: Record<string, string>) =>
        answer(
          api.post(
            `/store/shipping-services/orders/${order.id}/returns/${returnId}/cancel`,
            {},
            { headers }
          )
        )
      const returnState = async (returnId: string) =>
        (
          await api.get(
            `/admin/returns/${returnId}?fields=id,status,canceled_at,*fulfillments`,
            admin
          )
        ).data.return as {
          status: string
          canceled_at: string | null
          fulfillments: { id: string; canceled_at: string | null }[]
        }
      const requested = async () => {
        const res = await requestReturn(
          order.id,
          [{ id: item, quantity: 1 }],
          store.shippingOptions["postal-return"],
          ada.headers
        )
        expect([res.status, res.data.message]).toEqual([200, undefined])
        const returnId = res.data.return.id as string
        await waitFor(
          async () =>
            (await returnState(returnId)).fulfillments.length > 0 || undefined,
          "the return's fulfillment"
        )
        return returnId
      }
      const voidsBefore = await voids()

      // 1. The customer's own request, before any scan: listed as cancelable, then canceled.
      const first = await requested()
      const listed = await get(
        `/store/shipping-services/orders/${order.id}/returns`,
        ada.headers
      )
      expect(listed.data.returns).toEqual([
        expect.objectContaining({ id: first, cancelable: true }),
      ])
      // Anyone else: the tracking route's 404, and nothing changes.
      for (const headers of [bob.headers, pk.headers]) {
        const refused = await cancel(first, headers)
        expect(refused.status).toBe(404)
        expect(refused.data.message).toMatch(
          /^Order with id: .* was not found$/
        )
      }
      expect((await cancel("return_01UNKNOWN", ada.headers)).status).toBe(404)
      expect((await cancel("r".repeat(5000), ada.headers)).status).toBe(404)
      expect((await returnState(first)).canceled_at).toBeNull()

      // Twice at once (a double click): one cancel under the order's lock, both answer it.
      const [canceled, twin] = await Promise.all([
        cancel(first, ada.headers),
        cancel(first, ada.headers),
      ])
      expect(twin.status).toBe(200)
      expect(twin.data.return.status).toBe("canceled")
      expect(canceled.status).toBe(200)
      expect(canceled.data).toEqual({
        return: {
          id: first,
          status: "canceled",
          canceled_at: expect.any(String),
        },
      })
      const state = await returnState(first)
      expect(state.status).toBe("canceled")
      expect(state.fulfillments.every((f) => f.canceled_at)).toBe(true)
      // Return labels cannot be voided (doc 4): withdrawn, the service never asked.
      expect(await voids()).toBe(voidsBefore)
      const [label] = await shipping().listShipments({
        fulfillment_id: state.fulfillments.map((f) => f.id),
      })
      expect(label.status).toBe("created")
      // Gone from the customer's list; a retried cancel answers the same.
      expect(
        (
          await get(
            `/store/shipping-services/orders/${order.id}/returns`,
            ada.headers
          )
        ).data.returns
      ).toEqual([])
      expect((await cancel(first, ada.headers)).data.return.status).toBe(
        "canceled"
      )

      // 2. The item may be returned again (Medusa freed its quantity): the withdrawn label, still
      // valid at the carrier, is taken over for the same parcel, nothing bought. Once the carrier
      // has scanned that parcel, canceling is refused with the reason and changes nothing.
      const bought = await labelsCreated()
      const second = await requested()
      const secondState = await returnState(second)
      const [row] = await shipping().listShipments({ id: label.id })
      expect(row.fulfillment_id).toBe(secondState.fulfillments[0].id)
      expect(await labelsCreated()).toBe(bought)
      for (let i = 0; i < 10; i++) {
        await advance({ until: "next" })
        const events = await shipping().listTrackingEvents({
          tracking_number: row.tracking_number,
        })
        if (events.some((e) => e.package_status !== "Manifest")) break
      }
      await waitFor(
        async () =>
          (
            await get(
              `/store/shipping-services/orders/${order.id}/returns`,
              ada.headers
            )
          ).data.returns.find((r: any) => r.id === second)?.cancelable ===
          false,
        "the scan on the customer's view"
      )
      const late = await cancel(second, ada.headers)
      expect(late.status).toBe(400)
      expect(late.data.message).toMatch(
        new RegExp(
          `^The return parcel ${row.tracking_number} is with the carrier \\(\\w+\\): the return can no longer be canceled$`
        )
      )
      const adminLate = await answer(
        api.post(`/admin/returns/${second}/cancel`, {}, admin)
      )
      expect(adminLate.status).toBe(400)
      expect(adminLate.data.message).toBe(late.data.message)
      const kept = await returnState(second)
      expect(kept.status).toBe("requested")
      expect(kept.fulfillments.every((f) => !f.canceled_at)).toBe(true)

      // 3. Medusa's own "Cancel return" (the dashboard's) on a return with the plugin's label,
      // which Medusa alone refuses ("All fulfillments must be canceled…"): it works.
      const third = await requested()
      const byAdmin = await answer(
        api.post(`/admin/returns/${third}/cancel`, {}, admin)
      )
      expect(byAdmin.status).toBe(200)
      const adminState = await returnState(third)
      expect(adminState.status).toBe("canceled")
      expect(adminState.fulfillments.every((f) => f.canceled_at)).toBe(true)
      expect(await voids()).toBe(voidsBefore)

      // 4. A cancel stopped after the fulfillment (its process killed), the state Medusa's own
      // POST /admin/fulfillments/:id/cancel leaves too: the customer's next request finishes it.
      const fourth = await requested()
      const [fulfillment] = (await returnState(fourth)).fulfillments
      const alone = await answer(
        api.post(`/admin/fulfillments/${fulfillment.id}/cancel`, {}, admin)
      )
      expect(alone.status).toBe(200)
      expect((await returnState(fourth)).status).toBe("requested")
      const finished = await cancel(fourth, ada.headers)
      expect([finished.status, finished.data.return?.status]).toEqual([
        200,
        "canceled",
      ])
      expect(await voids()).toBe(voidsBefore)
    })
  },
})
