import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { PDFDocument } from "pdf-lib"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { removeExpiredDocuments } from "../../src/orchestration/documents/document-retention"
import removeExpiredDocumentsJob from "../../src/jobs/remove-expired-documents"
import { labelOf } from "../helpers/labels"
import { sandbox } from "../helpers/sandbox"
import { registerTrackingWebhook } from "../helpers/webhooks"

jest.setTimeout(600_000)

const BASE = "/admin/shipping-services"
const DAY = 86_400_000

/**
 * Retention of documents in the whole app, with the default `documents.keepDays` (90):
 * a delivered parcel's label and its batch's print file are removed once 90 days have passed
 * (the job runs with a clock 91 days ahead), the shipment, its tracking and Medusa's fulfillment
 * label stay, the admin is told "removed after 90 days; reprint", and a reprint brings it back.
 */
httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      await registerTrackingWebhook(getContainer())
    })

    beforeEach(async () => {
      await sandbox.delete("/faults")
      await sandbox.put("/webhooks", { delivery: true, mode: "normal" })
      await sandbox.put("/scenarios/default", { scenario: "delivered" })
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const get = (path: string, extra: Record<string, unknown> = {}) =>
      api.get(path, { ...admin, ...extra } as any).catch((e: any) => e.response)

    async function labelledOrder() {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
      const row = await labelOf(shipping, order.id, { files: true })
      return { order, row }
    }
    async function delivered(shipmentId: string) {
      await sandbox.post("/clock/advance", { until: "done" })
      await sandbox.post("/webhooks/settle", {})
      return waitFor(async () => {
        const [row] = await shipping().listShipments({ id: shipmentId })
        return row.delivered_applied_at ? row : undefined
      }, `delivery of ${shipmentId}`)
    }
    const label = (id: string, query = "") =>
      get(`${BASE}/shipments/${id}/label${query}`, {
        responseType: "arraybuffer",
      })
    const viewOf = async (orderId: string, shipmentId: string) =>
      (await get(`${BASE}/orders/${orderId}/shipments`)).data.shipments.find(
        (s: { id: string }) => s.id === shipmentId
      )
    const documentRows = async (ownerId: string) =>
      (
        await shipping().listDocuments(
          { owner_id: ownerId },
          { select: ["id", "kind", "storage"] }
        )
      ).length

    it("removes a delivered parcel's label and its batch's print file after 90 days, keeps the shipment, and a reprint brings the label back", async () => {
      const a = await labelledOrder()
      const batch = (
        await api.post(
          `${BASE}/batches`,
          { order_ids: [a.order.id], mode: "print" },
          admin
        )
      ).data.batch
      await waitFor(async () => {
        const b = (await get(`${BASE}/batches/${batch.id}`)).data.batch
        return b.status === "done" ? b : undefined
      }, "the batch's print file")
      const ended = await delivered(a.row.id)
      // A second parcel, bought after the first was delivered, still travels.
      const b = await labelledOrder()

      expect((await label(a.row.id)).status).toBe(200)
      const before = await viewOf(a.order.id, a.row.id)
      expect(before.label).toMatchObject({ pages: 1 })
      expect(before.label_removed).toBeNull()

      // Nothing is due today, nor 89 days after the delivery.
      const today = await removeExpiredDocuments(getContainer())
      expect(today).toMatchObject({ labels: 0, batches: 0, documents: 0 })
      expect(
        await removeExpiredDocuments(getContainer(), {
          now: new Date(Date.now() + 89 * DAY),
        })
      ).toMatchObject({ labels: 0, documents: 0 })

      // 91 days later: one batch of labels, then the batch's print file, in batches of one.
      const report = await removeExpiredDocuments(getContainer(), {
        now: new Date(Date.now() + 91 * DAY),
        batchSize: 1,
      })
      expect(report).toMatchObject({ labels: 1, batches: 1, documents: 2 })
      expect(report?.runs).toBeGreaterThanOrEqual(3)
      expect(report?.longest_lock_ms).toBeGreaterThan(0)
      expect(report?.longest_lock_ms).toBeLessThan(5_000)

      expect(await documentRows(a.row.id)).toBe(0)
      expect(await documentRows(batch.id)).toBe(0)
      expect(await documentRows(b.row.id)).toBe(1)
      expect((await label(b.row.id)).status).toBe(200)

      // The label route says why instead of a broken download; so does its print layout.
      const gone = await get(`${BASE}/shipments/${a.row.id}/label`)
      expect(gone.status).toBe(410)
      expect(gone.data).toMatchObject({
        type: "label_removed",
        reprint_allowed: true,
        message: expect.stringMatching(
          /was removed on \d{4}-\d{2}-\d{2}, 90 days after the parcel was delivered, voided or returned \(documents.keepDays\); reprint it to get it back/
        ),
      })
      expect(
        (await get(`${BASE}/shipments/${a.row.id}/label?layout=letter-2up`))
          .status
      ).toBe(410)
      const batchFile = await get(`${BASE}/batches/${batch.id}/files/combined`)
      expect(batchFile.status).toBe(410)
      expect(batchFile.data.message).toMatch(/print files were removed/)
      expect(
        (await get(`${BASE}/batches/${batch.id}`)).data.batch.files_removed_at
      ).toBeTruthy()

      // The shipment stays: its tracking, charges, timeline and Medusa's fulfillment label.
      const after = await viewOf(a.order.id, a.row.id)
      expect(after).toMatchObject({
        tracking_number: ended.tracking_number,
        tracking_status: "Delivered",
        charges: before.charges,
        label: null,
        label_removed: {
          keep_days: 90,
          reprint_allowed: true,
          removed_at: expect.any(String),
        },
      })
      expect(after.timeline.length).toBe(before.timeline.length)
      const { data } = await api.get(
        `/admin/orders/${a.order.id}?fields=id,*fulfillments,*fulfillments.labels`,
        admin
      )
      expect(data.order.fulfillments[0].labels).toEqual([
        expect.objectContaining({
          tracking_number: ended.tracking_number,
          label_url: expect.stringContaining(
            `${BASE}/shipments/${a.row.id}/label`
          ),
        }),
      ])

      // A second run finds nothing more.
      expect(
        await removeExpiredDocuments(getContainer(), {
          now: new Date(Date.now() + 91 * DAY),
        })
      ).toMatchObject({ labels: 0, batches: 0 })

      // Reprint: the label comes back behind the same route.
      const reprint = await api.post(
        `${BASE}/shipments/${a.row.id}/reprint`,
        {},
        admin
      )
      expect(reprint.status).toBe(200)
      const back = await label(a.row.id)
      expect(back.status).toBe(200)
      expect(back.headers["content-type"]).toBe("application/pdf")
      expect(
        (await PDFDocument.load(Buffer.from(back.data))).getPageCount()
      ).toBe(1)
      const again = await viewOf(a.order.id, a.row.id)
      expect(again.label_removed).toBeNull()
      expect(again.label).toMatchObject({ pages: 1 })
      expect(again.reprints).toMatchObject({ used: 1 })

      // The job itself runs (today nothing is due: the reprint is new).
      await removeExpiredDocumentsJob(getContainer())
      expect((await label(a.row.id)).status).toBe(200)
    })

    it("removes a voided label too, and says it cannot come back", async () => {
      const { order, row } = await labelledOrder()
      const voided = await api.post(
        `${BASE}/shipments/${row.id}/void`,
        {},
        admin
      )
      expect(voided.status).toBe(200)
      const report = await removeExpiredDocuments(getContainer(), {
        now: new Date(Date.now() + 91 * DAY),
      })
      expect(report).toMatchObject({ labels: 1, documents: 1 })
      const gone = await get(`${BASE}/shipments/${row.id}/label`)
      expect(gone.status).toBe(410)
      expect(gone.data.reprint_allowed).toBe(false)
      expect(gone.data.message).toMatch(
        /it cannot be reprinted: A voided label cannot be reprinted/
      )
      expect((await viewOf(order.id, row.id)).label_removed).toMatchObject({
        reprint_allowed: false,
      })
    })
  },
})
