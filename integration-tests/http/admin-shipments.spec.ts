import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { rowOfScan } from "../../src/lib/tracking/rows"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { sandbox } from "../helpers/sandbox"
import { labelOf } from "../helpers/labels"
import { waitFor } from "../../dev/wait"
import { settled } from "../helpers/settled"

jest.setTimeout(600_000)

/**
 * The admin surface of the order page and settings: the order's shipments (timeline, label, reprints, void), reprint,
 * void, retrying a failed automatic fulfillment, the connection check, the services and the
 * close-out manifest, against the sandbox.
 */
httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }

    /**
     * A labelled order for the tests that leave its label as the service has it (they read it,
     * or change only the database): bought before the first test, so the database every test
     * is restored to holds it. A test that changes the label at the service buys its own.
     */
    let shared: Awaited<ReturnType<typeof labelledOrder>>

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      await sandbox.delete("/faults")
      shared = await labelledOrder()
      await settled()
    })

    beforeEach(async () => {
      await sandbox.delete("/faults")
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const fail = (p: Promise<any>) =>
      p
        .then((r) => ({ status: r.status, data: r.data }))
        .catch((e: any) => e.response)
    const requests = async (operation: string) =>
      ((await sandbox.get("/stats")).requests?.[operation] ?? 0) as number

    async function labelledOrder(optionId = "postal-ground") {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId,
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
      const row = await labelOf(shipping, order.id, { files: true })
      return { order, row }
    }

    const shipmentsOf = async (orderId: string) =>
      (
        await api.get(
          `/admin/shipping-services/orders/${orderId}/shipments`,
          admin
        )
      ).data

    async function download(path: string) {
      const res = await api.get(path, {
        ...admin,
        responseType: "arraybuffer",
      } as any)
      return {
        type: res.headers["content-type"] as string,
        disposition: res.headers["content-disposition"] as string,
        bytes: Buffer.from(res.data),
      }
    }

    it("requires a logged-in admin on every route", async () => {
      const routes: [string, string][] = [
        ["get", "/admin/shipping-services/orders/order_x/shipments"],
        ["post", "/admin/shipping-services/orders/order_x/auto-fulfill"],
        ["post", "/admin/shipping-services/shipments/ssship_x/reprint"],
        ["post", "/admin/shipping-services/shipments/ssship_x/void"],
        ["get", "/admin/shipping-services/connection"],
        ["get", "/admin/shipping-services/services"],
        ["get", "/admin/shipping-services/manifests"],
        ["post", "/admin/shipping-services/manifests"],
        ["get", "/admin/shipping-services/manifests/MNF1/document"],
      ]
      for (const [method, path] of routes) {
        const res = await fail(
          method === "get" ? api.get(path) : api.post(path, {})
        )
        expect([path, res.status]).toEqual([path, 401])
      }
    })

    describe("GET /admin/shipping-services/orders/:id/shipments", () => {
      it("shows the label, charges, status and the timeline sorted by event time, unmatched events included", async () => {
        const { order, row } = shared
        const tn = row.tracking_number as string
        // Dated as the service dates them: on its (the sandbox's, frozen) clock, after the label.
        const now = Date.parse((await sandbox.get("/clock")).now)
        const local = (hoursAfter: number, offsetHours: number) => {
          const instant =
            Math.floor((now + hoursAfter * 3_600_000) / 1000) * 1000
          const face = new Date(instant + offsetHours * 3_600_000).toISOString()
          return {
            at: new Date(instant).toISOString(),
            date: face.slice(0, 10),
            time: face.slice(11, 19),
            offset: `${offsetHours < 0 ? "-" : "+"}0${Math.abs(offsetHours)}:00`,
          }
        }
        const [acc, arr, ofd] = [local(1, -6), local(1.5, -5), local(22, -5)]
        const scan = (
          status: string,
          code: string,
          when: ReturnType<typeof local>,
          city: string
        ) =>
          rowOfScan(tn, {
            packageStatus: status,
            standardizedEventCode: code,
            eventDate: when.date,
            eventTime: when.time,
            eventTimeOffset: when.offset,
            eventCity: city,
            eventStateOrProvince: "NY",
            country: "US",
            eventDescription: `${status} at ${city}`,
          } as any)
        // Written out of order; the Chicago scan is the earlier one, in another zone.
        await shipping()
          .trackingEvents()
          .write([
            { ...scan("InTransit", "ARR", arr, "Newark"), shipment_id: row.id },
            {
              ...scan("Acceptance", "ACC", acc, "Chicago"),
              shipment_id: row.id,
            },
            {
              ...scan("OutForDelivery", "OFD", ofd, "New York"),
              shipment_id: null,
            },
          ])
        // Stored before its shipment existed (storing links a known one): left without one.
        const [early] = await shipping().listTrackingEvents({
          tracking_number: tn,
          event_code: "OFD",
        })
        await shipping().updateTrackingEvents({
          id: early!.id,
          shipment_id: null,
        })

        const data = await shipmentsOf(order.id)
        expect(data.order_id).toBe(order.id)
        expect(data.auto_fulfillment).toMatchObject({
          status: "succeeded",
          attempts: 1,
          last_error: null,
          can_retry: false,
        })
        const [s] = data.shipments
        expect(s).toMatchObject({
          id: row.id,
          status: "created",
          is_return: false,
          carrier: "POSTAL",
          service: "Postal Ground Advantage",
          service_id: "UGA",
          tracking_number: tn,
          tracking_status: "OutForDelivery",
          reprints: { used: 0, left: 3, max: 3, allowed: true },
          void: { allowed: true, reason: null },
          fulfillment: { shipped_at: null, canceled_at: null },
          error: null,
        })
        expect(s.tracking_url).toContain(tn)
        expect(s.charges).toMatchObject({ currencyCode: "USD" })
        expect(s.charges.totalCarrierCharge).toBeGreaterThan(0)
        expect(s.label).toMatchObject({
          url: `/admin/shipping-services/shipments/${row.id}/label`,
          download_url: `/admin/shipping-services/shipments/${row.id}/label?download=1`,
          format: "PDF",
          size: "DOC_4X6",
          mime_type: "application/pdf",
          pages: 1,
          previewable: true,
        })
        const mine = s.timeline.filter((e: any) =>
          ["ACC", "ARR", "OFD"].includes(e.code)
        )
        expect(
          mine.map((e: any) => [e.code, e.occurred_at, e.location, e.unmatched])
        ).toEqual([
          ["ACC", acc.at, "Chicago, NY, US", false],
          ["ARR", arr.at, "Newark, NY, US", false],
          ["OFD", ofd.at, "New York, NY, US", true],
        ])
        expect(mine[0]).toMatchObject({
          date: acc.date,
          time: acc.time,
          offset: "-06:00",
          status: "Acceptance",
          description: "Acceptance at Chicago",
        })
        // Never a secret: the plugin's credentials and webhook key are nowhere in the answer.
        expect(JSON.stringify(data)).not.toMatch(
          /sandbox-secret|sandbox-key|api_key|apiSecret/
        )
      })

      it("answers 404 for an unknown order", async () => {
        expect(
          (
            await fail(
              api.get(
                "/admin/shipping-services/orders/order_unknown/shipments",
                admin
              )
            )
          ).status
        ).toBe(404)
      })
    })

    describe("reprint", () => {
      it("reprints three times, replaces the stored label behind the same URL, and refuses the fourth before calling", async () => {
        const { order, row } = await labelledOrder()
        const before = await shipping().versions().pages("label", row.id)
        let last: any
        for (let i = 1; i <= 3; i++) {
          const { data } = await api.post(
            `/admin/shipping-services/shipments/${row.id}/reprint`,
            {},
            admin
          )
          expect(data).toEqual({
            reprints: expect.objectContaining({ used: i, left: 3 - i, max: 3 }),
            print_url: null,
          })
          last = data
        }
        expect((await shipmentsOf(order.id)).shipments[0].label.url).toBe(
          `/admin/shipping-services/shipments/${row.id}/label`
        )
        expect(last.reprints.allowed).toBe(false)
        const [after] = await shipping().listShipments({ id: row.id })
        expect(after.reprint_count).toBe(3)
        // The newest version is served; older versions' pages are gone (labels carry addresses).
        const pages = await shipping().versions().pages("label", row.id)
        expect(pages.map((p) => p.version)).toEqual([3])
        expect(pages[0].id).not.toBe(before[0].id)
        expect(
          await shipping().listDocuments({ kind: "label", owner_id: row.id })
        ).toHaveLength(1)
        const file = await download(
          `/admin/shipping-services/shipments/${row.id}/label`
        )
        expect(file.type).toBe("application/pdf")
        expect(file.bytes.subarray(0, 5).toString()).toBe("%PDF-")

        const sent = await requests("reprintShipment")
        const fourth = await fail(
          api.post(
            `/admin/shipping-services/shipments/${row.id}/reprint`,
            {},
            admin
          )
        )
        expect(fourth.status).toBe(400)
        expect(fourth.data.message).toMatch(
          /All 3 reprints of this label are used/
        )
        expect(await requests("reprintShipment")).toBe(sent)

        const view = await shipmentsOf(order.id)
        expect(view.shipments[0].reprints).toMatchObject({
          used: 3,
          left: 0,
          allowed: false,
        })
      })

      it("refuses a bad label query in words, naming the field", async () => {
        const { row } = shared
        const url = `/admin/shipping-services/shipments/${row.id}/label`
        for (const [query, words] of [
          ["page=x", /page: .*number/i],
          ["page=-1", /page: /],
          ["download=yes", /download: /],
          ["pages=1", /pages/],
        ] as const) {
          const bad = await fail(api.get(`${url}?${query}`, admin))
          expect(bad.status).toBe(400)
          expect(bad.data.message).toMatch(words)
        }
        const file = await download(`${url}?page=0&download=1`)
        expect(file.type).toBe("application/pdf")
      })

      it("rejects unknown body fields and unknown shipments", async () => {
        const { row } = shared
        expect(
          (
            await fail(
              api.post(
                `/admin/shipping-services/shipments/${row.id}/reprint`,
                { count: 2 },
                admin
              )
            )
          ).status
        ).toBe(400)
        expect(
          (
            await fail(
              api.post(
                "/admin/shipping-services/shipments/ssship_unknown/reprint",
                {},
                admin
              )
            )
          ).status
        ).toBe(404)
      })

      it("says in words when the service fails", async () => {
        const { row } = shared
        await sandbox.post("/faults", {
          operation: "reprintShipment",
          fault: "503",
          count: 5,
        })
        const res = await fail(
          api.post(
            `/admin/shipping-services/shipments/${row.id}/reprint`,
            {},
            admin
          )
        )
        expect(res.status).toBe(502)
        expect(res.data).toMatchObject({ type: "shipping_service_error" })
        expect(res.data.message).toMatch(/did not reprint label .*try again/i)
        const [after] = await shipping().listShipments({ id: row.id })
        expect(after.reprint_count).toBe(0)
      })
    })

    describe("void", () => {
      it("cancels the Medusa fulfillment, which voids the label at the service", async () => {
        const { order, row } = await labelledOrder()
        const { data } = await api.post(
          `/admin/shipping-services/shipments/${row.id}/void`,
          {},
          admin
        )
        // Only what the admin reads: it refetches the order's labels.
        expect(Object.keys(data)).toEqual(["void"])
        expect(data.void).toMatchObject({
          status: "voided",
          void_status: "INITIATED",
        })
        const [shipment] = (await shipmentsOf(order.id)).shipments
        expect(shipment).toMatchObject({
          status: "voided",
          void: { allowed: false },
          reprints: { allowed: false },
        })
        expect(shipment.fulfillment.canceled_at).toBeTruthy()
        const { data: o } = await api.get(
          `/admin/orders/${order.id}?fields=id,*fulfillments`,
          admin
        )
        expect(o.order.fulfillments[0].canceled_at).toBeTruthy()

        const again = await fail(
          api.post(
            `/admin/shipping-services/shipments/${row.id}/void`,
            {},
            admin
          )
        )
        expect(again.status).toBe(400)
        expect(again.data.message).toMatch(/already voided/)
      })

      it("refuses a shipped parcel in words, without asking the service", async () => {
        const { order, row } = shared
        await api.post(
          `/admin/orders/${order.id}/fulfillments/${row.fulfillment_id}/shipments`,
          { items: [{ id: order.items[0].id, quantity: 1 }] },
          admin
        )
        expect((await shipmentsOf(order.id)).shipments[0].void).toEqual({
          allowed: false,
          reason:
            "The parcel was shipped; Medusa does not cancel shipped fulfillments.",
        })
        const sent = await requests("voidShipment")
        const res = await fail(
          api.post(
            `/admin/shipping-services/shipments/${row.id}/void`,
            {},
            admin
          )
        )
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(
          /cannot be voided: The parcel was shipped/
        )
        expect(await requests("voidShipment")).toBe(sent)
      })

      it("voids an orphaned label (no fulfillment holds it) at the service directly and records it", async () => {
        const { order, row } = await labelledOrder()
        await shipping().updateShipments({
          id: row.id,
          orphaned_at: new Date(),
        })
        const sent = await requests("voidShipment")
        const { data } = await api.post(
          `/admin/shipping-services/shipments/${row.id}/void`,
          {},
          admin
        )
        expect(data.void).toMatchObject({
          status: "voided",
          void_status: "INITIATED",
        })
        expect(await requests("voidShipment")).toBe(sent + 1)
        const [after] = await shipping().listShipments({ id: row.id })
        expect(after).toMatchObject({ status: "voided", void_reason: "orphan" })
        // Medusa's fulfillment was not canceled: the orphan path does not go through it.
        const { data: o } = await api.get(
          `/admin/orders/${order.id}?fields=id,*fulfillments`,
          admin
        )
        expect(o.order.fulfillments[0].canceled_at).toBeNull()
      })
    })

    describe("automatic fulfillment retry", () => {
      /** An order placed while its automatic fulfillment is set to fail, once it shows failed. */
      async function orderWhoseFulfillmentFails() {
        const order = await placeOrder(api, store, {
          region: "us",
          address: ADDRESSES.newYork,
          optionId: "postal-ground",
          items: [{ variantId: store.products[1].variantId, quantity: 1 }],
        })
        const failed = await waitFor(
          async () => {
            const { auto_fulfillment } = await shipmentsOf(order.id)
            return auto_fulfillment?.status === "failed"
              ? auto_fulfillment
              : undefined
          },
          "a failed automatic fulfillment",
          60_000
        )
        return { order, failed }
      }

      it("shows a failed automatic fulfillment with its reason and retries it now", async () => {
        // Every create is refused (a 4xx): the attempt fails in words. (A service that does not
        // answer makes the order wait for it instead: service-outage.spec.)
        await sandbox.post("/faults", {
          operation: "createShipment",
          fault: "400",
          count: 50,
        })
        const { order, failed } = await orderWhoseFulfillmentFails()
        expect(failed).toMatchObject({
          attempts: 1,
          can_retry: true,
          max_attempts: 5,
        })
        expect(failed.last_error).toMatch(/Shipping service/)
        expect(failed.next_attempt_at).toBeTruthy()
        await sandbox.delete("/faults")

        const { data } = await api.post(
          `/admin/shipping-services/orders/${order.id}/auto-fulfill`,
          {},
          admin
        )
        expect(data.outcome.status).toBe("succeeded")
        expect(data.auto_fulfillment).toMatchObject({
          status: "succeeded",
          attempts: 2,
          last_error: null,
          can_retry: false,
        })
        const view = await shipmentsOf(order.id)
        expect(
          view.shipments.filter((s: any) => s.status === "created")
        ).toHaveLength(1)

        const again = await fail(
          api.post(
            `/admin/shipping-services/orders/${order.id}/auto-fulfill`,
            {},
            admin
          )
        )
        expect(again.status).toBe(409)
        expect(again.data.message).toMatch(
          /is succeeded: only a failed or waiting one can be retried/
        )
      })

      it("undoes a fulfillment whose attempt cannot be recorded: the fulfillment is canceled, its label voided, the attempt failed in words", async () => {
        const voids = await requests("voidShipment")
        // The workflow's last step fails once, after the label was bought and the fulfillment made.
        const finish = jest
          .spyOn(shipping().attempts(), "finish")
          .mockRejectedValueOnce(new Error("the attempt could not be recorded"))
        try {
          const { order, failed } = await orderWhoseFulfillmentFails()
          expect(finish).toHaveBeenCalled()
          expect(failed).toMatchObject({
            attempts: 1,
            last_error: "the attempt could not be recorded",
          })
          const { data: o } = await api.get(
            `/admin/orders/${order.id}?fields=id,fulfillment_status,*fulfillments`,
            admin
          )
          expect(o.order.fulfillments).toHaveLength(1)
          expect(o.order.fulfillments[0].canceled_at).toBeTruthy()
          expect(await requests("voidShipment")).toBe(voids + 1)
          const [label] = (await shipmentsOf(order.id)).shipments
          expect(label.status).toBe("voided")
          // The canceled fulfillment gave its items back: the next attempt fulfills them.
          const { data } = await api.post(
            `/admin/shipping-services/orders/${order.id}/auto-fulfill`,
            {},
            admin
          )
          expect(data.auto_fulfillment).toMatchObject({
            status: "succeeded",
            attempts: 2,
          })
          const after = (await shipmentsOf(order.id)).shipments
          expect(after.map((s: any) => s.status).sort()).toEqual([
            "created",
            "voided",
          ])
        } finally {
          finish.mockRestore()
        }
      })
    })

    describe("settings", () => {
      it("checks the connection: token and every root, never a credential", async () => {
        const { data } = await api.get(
          "/admin/shipping-services/connection",
          admin
        )
        expect(data.token).toBe("ok")
        expect(data.token_error).toBeNull()
        expect(data.authorized_call).toMatchObject({
          operation: "listApplicableEvents",
          ok: true,
          status: 200,
        })
        expect(data.roots.map((r: any) => r.name)).toEqual([
          "base",
          "auth",
          "webhook",
          "contact",
        ])
        for (const root of data.roots)
          expect(root).toMatchObject({
            reachable: true,
            error: null,
            url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
          })
        expect(new Date(data.checked_at).getTime()).toBeGreaterThan(
          Date.now() - 60_000
        )
        expect(JSON.stringify(data)).not.toMatch(
          /sandbox-secret|sandbox-key|Bearer/
        )
      })

      it("reports a token the service refuses", async () => {
        await sandbox.post("/tokens/expire", {})
        await sandbox.post("/faults", {
          operation: "token",
          fault: "500-before",
          count: 20,
        })
        const { data } = await api.get(
          "/admin/shipping-services/connection",
          admin
        )
        await sandbox.delete("/faults")
        expect(data.token).toBe("error")
        expect(data.token_error).toMatch(/token/)
        expect(data.roots.every((r: any) => r.reachable)).toBe(true)
        expect(
          (await api.get("/admin/shipping-services/connection", admin)).data
            .token
        ).toBe("ok")
      })

      it("lists the enabled services without secrets", async () => {
        const { data } = await api.get(
          "/admin/shipping-services/services",
          admin
        )
        expect(data.services.map((s: any) => s.id)).toEqual([
          "postal-ground",
          "postal-priority",
          "standard",
          "cross-border",
          "carrier-account",
          "postal-return",
          "postal-return-qr",
        ])
        expect(data.services[0]).toEqual({
          id: "postal-ground",
          name: "Postal Ground Advantage",
          variant: "expedited",
          carrier: "POSTAL",
          service_id: "UGA",
          parcel_type: "PKG",
          label: {
            type: "SHIPPING_LABEL",
            file_format: "PDF",
            size: "DOC_4X6",
            content_type: "BASE64",
          },
          special_services: [],
          add_to_manifest: true,
          is_return: false,
          delivery_solution: null,
          apac: false,
        })
        expect(JSON.stringify(data)).not.toMatch(
          /sandbox-secret|sandbox-key|9024324/
        )
      })
    })

    describe("close-out manifest", () => {
      it("manifests today's eligible labels per carrier and serves the scan form as a PDF", async () => {
        // Earlier tests left labels waiting too; the close-out takes all of them once.
        const { row: a } = await labelledOrder("postal-ground")
        const { row: b } = await labelledOrder("postal-ground")
        const { row: notEligible } = await labelledOrder("postal-priority")
        const { data } = await api.post(
          "/admin/shipping-services/manifests",
          {},
          admin
        )
        expect(data.failures).toEqual([])
        expect(data.submission_date).toBe(new Date().toISOString().slice(0, 10))
        expect(data.manifests).toHaveLength(1)
        const [m] = data.manifests
        expect(m).toMatchObject({
          carrier: "POSTAL",
          manifest_id: expect.stringMatching(/^MNF/),
          document_url: `/admin/shipping-services/manifests/${m.manifest_id}/document`,
        })
        expect(m.tracking_numbers).toEqual(
          expect.arrayContaining([a.tracking_number, b.tracking_number])
        )
        expect(m.tracking_numbers).not.toContain(notEligible.tracking_number)

        const [ra, rb, rn] = await Promise.all(
          [a, b, notEligible].map(
            async (r) => (await shipping().listShipments({ id: r.id }))[0]
          )
        )
        expect([ra.manifest_id, rb.manifest_id, rn.manifest_id]).toEqual([
          m.manifest_id,
          m.manifest_id,
          null,
        ])

        const pdf = await download(m.document_url)
        expect(pdf.type).toBe("application/pdf")
        expect(pdf.disposition).toBe(
          `attachment; filename="manifest-${data.submission_date}-POSTAL-${m.manifest_id}.pdf"`
        )
        expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-")
        expect(pdf.bytes.length).toBeGreaterThan(500)

        const { data: again } = await api.post(
          "/admin/shipping-services/manifests",
          {},
          admin
        )
        expect(again).toMatchObject({ manifests: [], failures: [] })
        const { data: list } = await api.get(
          "/admin/shipping-services/manifests",
          admin
        )
        expect(list.manifests[0]).toMatchObject({
          manifest_id: m.manifest_id,
          shipments: m.tracking_numbers.length,
        })
        expect(JSON.stringify(list)).not.toMatch(/file_id|source_url/)
      })

      it("validates the body and answers 404 for an unknown manifest", async () => {
        expect(
          (
            await fail(
              api.post(
                "/admin/shipping-services/manifests",
                { carrier: "NOPE" },
                admin
              )
            )
          ).status
        ).toBe(400)
        expect(
          (
            await fail(
              api.get(
                "/admin/shipping-services/manifests/MNF404/document",
                admin
              )
            )
          ).status
        ).toBe(404)
        expect(
          (
            await fail(
              api.get(
                "/admin/shipping-services/manifests/..%2Fetc/document",
                admin
              )
            )
          ).status
        ).toBe(404)
      })
    })
  },
})
