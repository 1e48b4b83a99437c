import { httpTestRunner } from "../helpers/runner"
import { openStore, setAppOptions } from "../helpers/store"
import { PDFDocument } from "pdf-lib"
import { appPluginOptions } from "../../dev/app-options"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { createPrintBatchWorkflow } from "../../src/workflows/print-batch"
import { resumeBatches } from "../../src/orchestration/batches/run-batch"
import { Modules } from "@medusajs/framework/utils"
import { sandbox } from "../helpers/sandbox"
import probeShippingService from "../../src/jobs/probe-shipping-service"
import { settled } from "../helpers/settled"

jest.setTimeout(600_000)

/**
 * Print batches over HTTP with the sandbox. This file's app has automatic fulfillment
 * off, so placed orders wait on Ready to ship, and a short lease so a stopped batch is taken up
 * within seconds. Set before the runner loads medusa-config, restored after.
 */
const restoreOptions = setAppOptions({
  ...appPluginOptions(process.env),
  autoFulfill: { enabled: false },
  recovery: { leaseSeconds: 5 },
})

const BASE = "/admin/shipping-services"
const DEAD_OWNER = "gone-host:1:deadbeef"

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )

    /**
     * Orders waiting for a label, placed before the first test, so the database every test is
     * restored to holds them (a batch buys them new labels at the service each time): a mixed
     * three (ground, priority, cross-border) and three alike.
     */
    let mixed: Awaited<ReturnType<typeof domestic>>[]
    let alike: Awaited<ReturnType<typeof domestic>>[]

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      await sandbox.delete("/faults")
      mixed = [
        await domestic("postal-ground", 0),
        await domestic("postal-priority", 1),
        await abroad(),
      ]
      alike = [await domestic(), await domestic(), await domestic()]
      for (const o of [...mixed, ...alike]) await recorded(o.id)
      await settled()
    })

    afterAll(() => {
      restoreOptions()
    })

    beforeEach(async () => {
      await sandbox.delete("/faults")
    })

    const item = (i: number) => [
      { variantId: store.products[i % 2].variantId, quantity: 1 + (i % 2) },
    ]
    const domestic = (optionId = "postal-ground", i = 0) =>
      placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId,
        items: item(i),
      })
    const abroad = () =>
      placeOrder(api, store, {
        region: "international",
        address: ADDRESSES.london,
        optionId: "cross-border",
        items: [{ variantId: store.products[0].variantId, quantity: 2 }],
      })
    /** Orders are recorded by the order.placed subscriber (automatic fulfillment off: `manual`). */
    const recorded = (orderId: string) =>
      waitFor(
        async () =>
          (await shipping().listAutoFulfillments({ order_id: orderId }))[0],
        `the row of ${orderId}`
      )

    const expectError = async (p: Promise<unknown>) =>
      (await p.then(() => undefined).catch((e: any) => e.response)) as {
        status: number
        data: any
      }
    const batchOf = async (id: string) =>
      (await api.get(`${BASE}/batches/${id}`, admin)).data.batch
    const finished = (id: string) =>
      waitFor(
        async () => {
          const b = await batchOf(id)
          return b.status === "done" ? b : undefined
        },
        `batch ${id} done`,
        120_000,
        250
      )
    const download = async (url: string) => {
      const res = await api.get(url, {
        ...admin,
        responseType: "arraybuffer",
      } as any)
      return {
        type: res.headers["content-type"] as string,
        disposition: res.headers["content-disposition"] as string,
        bytes: Buffer.from(res.data),
      }
    }

    it("lists orders waiting for a label, filtered and paginated, and holds one", async () => {
      const orders = mixed
      for (const o of orders)
        expect((await recorded(o.id)).status).toBe("manual")

      const all = (
        await api.get(`${BASE}/ready-to-ship?view=awaiting&limit=2`, admin)
      ).data
      expect(all.count).toBeGreaterThanOrEqual(3)
      expect(all.orders).toHaveLength(2)
      const next = (
        await api.get(
          `${BASE}/ready-to-ship?view=awaiting&limit=2&offset=2`,
          admin
        )
      ).data
      expect(next.orders.map((o: any) => o.order_id)).not.toContain(
        all.orders[0].order_id
      )

      const crossBorder = (
        await api.get(`${BASE}/ready-to-ship?lane=cross-border`, admin)
      ).data
      expect(crossBorder.orders.map((o: any) => o.order_id)).toContain(
        orders[2].id
      )
      expect(
        crossBorder.orders.every((o: any) => o.lane === "cross-border")
      ).toBe(true)
      const priority = (
        await api.get(`${BASE}/ready-to-ship?service=postal-priority`, admin)
      ).data
      expect(priority.orders.map((o: any) => o.order_id)).toEqual(
        expect.arrayContaining([orders[1].id])
      )
      expect(
        priority.orders.every((o: any) => o.service.id === "postal-priority")
      ).toBe(true)
      const row = priority.orders.find((o: any) => o.order_id === orders[1].id)
      expect(row).toMatchObject({
        display_id: orders[1].display_id,
        state: "manual",
        customer: "Ada Lovelace",
        destination: "New York, US",
        service: { name: "Postal Priority (with delivery confirmation)" },
      })
      const today = new Date().toISOString().slice(0, 10)
      expect(
        (
          await api.get(
            `${BASE}/ready-to-ship?from=2000-01-01&to=2000-01-02`,
            admin
          )
        ).data.count
      ).toBe(0)
      expect(
        (await api.get(`${BASE}/ready-to-ship?from=${today}`, admin)).data.count
      ).toBeGreaterThanOrEqual(3)

      const bad = await expectError(
        api.get(`${BASE}/ready-to-ship?lane=moon&from=yesterday`, admin)
      )
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/lane/)
      expect(bad.data.message).toMatch(/from: must be a date/)

      await api.post(`${BASE}/orders/${orders[0].id}/hold`, {}, admin)
      const held = (
        await api.get(`${BASE}/ready-to-ship`, admin)
      ).data.orders.find((o: any) => o.order_id === orders[0].id)
      expect(held.state).toBe("held")
      expect(held.reason).toMatch(/^Held by an admin/)
      expect(
        (await api.post(`${BASE}/orders/${orders[0].id}/release`, {}, admin))
          .data.status
      ).toBe("manual")
      expect(
        (
          await expectError(
            api.post(`${BASE}/orders/${orders[0].id}/release`, {}, admin)
          )
        ).status
      ).toBe(400)
      const unknown = await expectError(
        api.post(`${BASE}/orders/order_unknown/hold`, {}, admin)
      )
      expect(unknown.status).toBe(404)
      expect(unknown.data.message).toMatch(/order_unknown was not found/)
    })

    it("buys a batch's labels, shows progress, and serves one PDF of labels and packing slips", async () => {
      const orders = mixed
      for (const o of orders) await recorded(o.id)
      const before = (await sandbox.get("/stats")).labelsCreated
      const { data, status } = await api.post(
        `${BASE}/batches`,
        { order_ids: orders.map((o) => o.id), layout: "4x6" },
        admin
      )
      expect(status).toBe(202)
      expect(data.batch).toMatchObject({
        mode: "buy",
        layout: "4x6",
        packing_slips: true,
        refused: [],
      })
      expect(data.batch.counts.total).toBe(3)

      const batch = await finished(data.batch.id)
      expect(batch.counts).toMatchObject({
        total: 3,
        done: 3,
        failed: 0,
        waiting: 0,
      })
      expect(batch.items.map((i: any) => i.order_id)).toEqual(
        orders.map((o) => o.id)
      )
      expect((await sandbox.get("/stats")).labelsCreated - before).toBe(3)
      // The orders' rows say who bought them: the batch, through the same claim as the automatic path.
      for (const o of orders)
        expect(
          (await shipping().listAutoFulfillments({ order_id: o.id }))[0].status
        ).toBe("succeeded")

      const combined = batch.files.find((f: any) => f.kind === "combined")
      expect(combined).toMatchObject({
        mime_type: "application/pdf",
        layout: "4x6",
      })
      const file = await download(combined.download_url)
      expect(file.type).toBe("application/pdf")
      expect(file.disposition).toMatch(
        /^attachment; filename="batch-\w+\.pdf"$/
      )
      const pdf = await PDFDocument.load(file.bytes)
      // 3 labels + 3 packing slips + 1 commercial invoice (cross-border), one 4x6 page each.
      expect(pdf.getPageCount()).toBe(7)
      expect(combined.documents).toBe(7)

      // Downloaded: its labels are printed, and "labelled, not printed" no longer lists them.
      const rows = await shipping().listShipments({
        order_id: orders.map((o) => o.id),
      })
      expect(rows.every((r) => r.printed_at)).toBe(true)
      const labelled = (
        await api.get(`${BASE}/ready-to-ship?view=labelled&limit=200`, admin)
      ).data.orders.map((o: any) => o.order_id)
      orders.forEach((o) => expect(labelled).not.toContain(o.id))
      // The cross-border label kept the customs it declared, for the invoice.
      const xb = rows.find((r) => r.order_id === orders[2].id)!
      expect((xb.customs as any).customs.customsItems[0]).toMatchObject({
        description: "Medusa T-Shirt - Default",
        quantity: 2,
        hSTariffCode: "6109100012",
      })

      // Chosen again at download: a 4-up Letter sheet from the same stored labels; nothing bought.
      const again = (
        await api.post(
          `${BASE}/batches/${batch.id}/print`,
          { layout: "letter-4up", commercial_invoices: false },
          admin
        )
      ).data.batch
      const sheet = again.files.find((f: any) => f.kind === "combined")
      expect(sheet.layout).toBe("letter-4up")
      const letter = await PDFDocument.load(
        (await download(sheet.download_url)).bytes
      )
      expect(letter.getPageCount()).toBe(2) // 6 cells on 4-up sheets
      expect(letter.getPage(0).getSize()).toEqual({ width: 612, height: 792 })
      expect((await sandbox.get("/stats")).labelsCreated - before).toBe(3)
    })

    it("refuses what it cannot ship, naming each order and why, and an empty selection", async () => {
      const empty = await expectError(
        api.post(`${BASE}/batches`, { order_ids: [] }, admin)
      )
      expect(empty.status).toBe(400)
      expect(empty.data.message).toMatch(/order_ids/)

      const [labelled, canceled, fresh] = alike
      await recorded(labelled.id)
      const first = (
        await api.post(`${BASE}/batches`, { order_ids: [labelled.id] }, admin)
      ).data.batch
      await finished(first.id)
      await recorded(canceled.id)
      await api.post(`/admin/orders/${canceled.id}/cancel`, {}, admin)
      await recorded(fresh.id)

      const before = (await sandbox.get("/stats")).labelsCreated
      const { data } = await api.post(
        `${BASE}/batches`,
        {
          order_ids: [
            labelled.id,
            canceled.id,
            "order_missing",
            fresh.id,
            fresh.id,
          ],
        },
        admin
      )
      expect(data.batch.counts.total).toBe(1)
      const reasons = Object.fromEntries(
        data.batch.refused.map((r: any) => [r.order_id, r.reason])
      )
      expect(reasons[labelled.id]).toMatch(/already labelled/)
      expect(reasons[canceled.id]).toMatch(/canceled/)
      expect(reasons.order_missing).toMatch(/no such order/)
      await finished(data.batch.id)
      expect((await sandbox.get("/stats")).labelsCreated - before).toBe(1)

      const none = await expectError(
        api.post(`${BASE}/batches`, { order_ids: [canceled.id] }, admin)
      )
      expect(none.status).toBe(400)
      expect(none.data.refused).toEqual([
        expect.objectContaining({
          order_id: canceled.id,
          reason: "the order is canceled",
        }),
      ])
      // The canceled order left Ready to ship.
      expect(
        (await shipping().listAutoFulfillments({ order_id: canceled.id }))[0]
          .status
      ).toBe("skipped")
      expect(
        (await expectError(api.get(`${BASE}/batches/ssbat_missing`, admin)))
          .status
      ).toBe(404)
      expect(
        (
          await expectError(
            api.get(`${BASE}/batches/${data.batch.id}/files/labels`, admin)
          )
        ).status
      ).toBe(404)
      const badQuery = await expectError(
        api.get(
          `${BASE}/batches/${data.batch.id}/files/combined?link=yes`,
          admin
        )
      )
      expect(badQuery.status).toBe(400)
      expect(badQuery.data.message).toMatch(/link: /)
      expect(
        (await expectError(api.get(`${BASE}/batches/${data.batch.id}`))).status
      ).toBe(401)
    })

    it("a batch started while the service is not answering waits, and finishes by itself once it answers", async () => {
      const orders = alike.slice(0, 2)
      for (const o of orders) await recorded(o.id)
      await sandbox.post("/faults", {
        operation: "*",
        fault: "503",
        count: 1_000_000,
      })
      const before = (await sandbox.get("/stats")).labelsCreated
      const created = (
        await api.post(
          `${BASE}/batches`,
          { order_ids: orders.map((o) => o.id) },
          admin
        )
      ).data.batch
      const waiting = await waitFor(
        async () => {
          const b = await batchOf(created.id)
          // Waiting in the service's words: at once its unclear answer, and from the next pass
          // of the batch (a job on recovery.schedule) the outage it declared.
          return b.items.every(
            (i: any) =>
              i.status === "waiting" &&
              /^(Waiting for the shipping service|Shipping service: )/.test(
                i.error ?? ""
              )
          )
            ? b
            : undefined
        },
        "the batch's items waiting for the service",
        60_000,
        250
      )
      expect(waiting.status).toBe("buying")
      expect(waiting.counts).toMatchObject({ done: 0, failed: 0, waiting: 2 })
      // No admin action: the service answers, the probe resumes the batch.
      await sandbox.delete("/faults")
      await probeShippingService(getContainer())
      const done = await finished(created.id)
      // Each item with its words, so a failure says why.
      expect(
        done.items.map((i: any) => ({ status: i.status, error: i.error }))
      ).toEqual([
        { status: "done", error: null },
        { status: "done", error: null },
      ])
      expect(done.counts).toMatchObject({ done: 2, failed: 0 })
      expect((await sandbox.get("/stats")).labelsCreated - before).toBe(2)
      expect(done.files.map((f: any) => f.kind)).toEqual(["combined"])
    })

    it("lists failures in the service's words and retries them without buying twice", async () => {
      const orders = alike.slice(0, 2)
      for (const o of orders) await recorded(o.id)
      // Refused (a 4xx): failures to show. (The service not answering makes items wait instead.)
      await sandbox.post("/faults", {
        operation: "createShipment",
        fault: "400",
        count: 100,
      })
      const created = (
        await api.post(
          `${BASE}/batches`,
          { order_ids: orders.map((o) => o.id) },
          admin
        )
      ).data.batch
      const failed = await finished(created.id)
      expect(failed.counts).toMatchObject({ done: 0, failed: 2 })
      expect(failed.items[0].error).toMatch(/service/i)
      expect(failed.files).toEqual([])

      await sandbox.delete("/faults")
      const before = (await sandbox.get("/stats")).labelsCreated
      const retried = (
        await api.post(`${BASE}/batches/${created.id}/retry`, {}, admin)
      ).data.batch
      expect(retried.status).toBe("buying")
      const done = await finished(created.id)
      expect(done.counts).toMatchObject({ done: 2, failed: 0 })
      expect(done.items[0].attempts).toBe(2)
      expect((await sandbox.get("/stats")).labelsCreated - before).toBe(2)
      expect(done.files.map((f: any) => f.kind)).toEqual(["combined"])
      const nothing = await expectError(
        api.post(`${BASE}/batches/${created.id}/retry`, {}, admin)
      )
      expect(nothing.status).toBe(400)
      expect(nothing.data.message).toMatch(/No failed order/)
    })

    it("answers Medusa's document hooks with the label, packing slip and invoice of a fulfillment", async () => {
      const order = await abroad()
      await recorded(order.id)
      const created = (
        await api.post(`${BASE}/batches`, { order_ids: [order.id] }, admin)
      ).data.batch
      await finished(created.id)
      const { data } = await api.get(
        `/admin/orders/${order.id}?fields=id,*fulfillments`,
        admin
      )
      const fulfillment = data.order.fulfillments[0]
      const provider = (
        getContainer().resolve(Modules.FULFILLMENT) as any
      ).fulfillmentProviderService_.retrieveProviderRegistration(
        "shipping-services_shipping-services"
      )
      const documents = await provider.getFulfillmentDocuments(fulfillment.data)
      expect(documents.map((d: any) => d.type)).toEqual([
        "label",
        "packing_slip",
        "commercial_invoice",
      ])
      const [label] = documents
      expect(label).toMatchObject({
        mime_type: "application/pdf",
        tracking_number: expect.stringMatching(/^[A-Z]{2}\d{9}US$/),
        file_name: expect.stringMatching(/^label-\w+\.pdf$/),
      })
      expect(
        Buffer.from(label.content, "base64").subarray(0, 5).toString()
      ).toBe("%PDF-")
      for (const d of documents.slice(1))
        expect(
          (
            await PDFDocument.load(Buffer.from(d.content, "base64"))
          ).getPageCount()
        ).toBe(1)
      const invoices = await provider.retrieveDocuments(
        fulfillment.data,
        "commercial_invoice"
      )
      expect(invoices).toHaveLength(1)
      await expect(
        provider.retrieveDocuments(fulfillment.data, "receipt")
      ).rejects.toThrow(/Unknown document type "receipt"/)
      expect(await provider.getFulfillmentDocuments({})).toEqual([])
    })

    it("reprints a label into another print size, counted against the three reprints", async () => {
      const order = await domestic("postal-priority", 0) // PNG labels
      await recorded(order.id)
      await finished(
        (await api.post(`${BASE}/batches`, { order_ids: [order.id] }, admin))
          .data.batch.id
      )
      const [row] = await shipping().listShipments({ order_id: order.id })
      const reprinted = (
        await api.post(
          `${BASE}/shipments/${row.id}/reprint`,
          { layout: "a4-2up" },
          admin
        )
      ).data
      expect(reprinted.reprints).toMatchObject({ used: 1, left: 2 })
      expect(reprinted.print_url).toBe(
        `${BASE}/shipments/${row.id}/label?layout=a4-2up`
      )
      const file = await download(reprinted.print_url)
      expect(file.type).toBe("application/pdf")
      expect(file.disposition).toMatch(/-a4-2up\.pdf"$/)
      const pdf = await PDFDocument.load(file.bytes)
      expect(pdf.getPageCount()).toBe(1)
      expect(pdf.getPage(0).getSize()).toEqual({
        width: 595.28,
        height: 841.89,
      })
      const bad = await expectError(
        api.get(`${BASE}/shipments/${row.id}/label?layout=a3`, admin)
      )
      expect(bad.status).toBe(400)
      expect(
        (
          await expectError(
            api.post(
              `${BASE}/shipments/${row.id}/reprint`,
              { layout: "a3" },
              admin
            )
          )
        ).status
      ).toBe(400)
    })

    it("takes up a batch whose process stopped, where its rows say, and never one a live process holds", async () => {
      const orders = alike
      for (const o of orders) await recorded(o.id)
      const container = getContainer()
      // The rows a process leaves when it is killed mid-batch: the batch leased by it, one order
      // running (its claim leased too), the others waiting. Its leases ran out.
      const { result } = await createPrintBatchWorkflow(container).run({
        input: {
          mode: "buy",
          layout: "4x6",
          packing_slips: true,
          commercial_invoices: true,
          separate: false,
          orders: orders.map((o) => ({
            order_id: o.id,
            display_id: o.display_id,
          })),
          refused: [],
        },
      })
      const past = new Date(Date.now() - 60_000)
      await shipping().updateBatches({
        id: result.batch_id,
        lease_owner: DEAD_OWNER,
        lease_until: past,
      })
      const [first] = await shipping().listBatchItems({
        batch_id: result.batch_id,
        order_id: orders[0].id,
      })
      await shipping().updateBatchItems({
        id: first.id,
        status: "running",
        attempts: 1,
      })
      const [claim] = await shipping().listAutoFulfillments({
        order_id: orders[0].id,
      })
      await shipping().updateAutoFulfillments({
        id: claim.id,
        status: "running",
        attempts: 1,
        lease_owner: DEAD_OWNER,
        lease_until: past,
      })

      // A batch another live process holds is left alone.
      const other = await createPrintBatchWorkflow(container).run({
        input: {
          mode: "buy",
          layout: "4x6",
          packing_slips: true,
          commercial_invoices: true,
          separate: false,
          orders: [],
          refused: [],
        },
      })
      await shipping().updateBatches({
        id: other.result.batch_id,
        lease_owner: "live-host:2:cafe",
        lease_until: new Date(Date.now() + 60_000),
      })

      const before = (await sandbox.get("/stats")).labelsCreated
      expect(await resumeBatches(container)).toBe(1)
      const batch = await batchOf(result.batch_id)
      expect(batch).toMatchObject({
        status: "done",
        counts: { done: 3, failed: 0, waiting: 0 },
      })
      expect((await sandbox.get("/stats")).labelsCreated - before).toBe(3)
      expect(batch.files[0].kind).toBe("combined")
      expect((await batchOf(other.result.batch_id)).status).toBe("buying")
      await shipping().updateBatches({
        id: other.result.batch_id,
        status: "done",
        lease_owner: null,
        lease_until: null,
      })

      // Run again (the job every minute): nothing left, nothing bought.
      expect(await resumeBatches(container)).toBe(0)
      expect((await sandbox.get("/stats")).labelsCreated - before).toBe(3)
    })
  },
})
