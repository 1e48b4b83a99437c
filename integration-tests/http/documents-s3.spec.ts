import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import { PDFDocument } from "pdf-lib"
import { ADDRESSES, placeOrder, type StoreSetup } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { removeExpiredDocuments } from "../../src/orchestration/documents/document-retention"
import moveDocuments from "../../src/scripts/move-documents"
import { labelOf } from "../helpers/labels"
import { sandbox } from "../helpers/sandbox"
import { startS3, type S3Server } from "../helpers/s3"
import { registerTrackingWebhook } from "../helpers/webhooks"
import { medusaCan } from "../../src/lib/medusa-release"

jest.setTimeout(600_000)

const BASE = "/admin/shipping-services"
const DAY = 86_400_000

/**
 * documents.storage "file" against a real S3-compatible server started here (s3rver,
 * helpers/s3.ts) with Medusa's @medusajs/medusa/file-s3: the label is stored in the bucket as a
 * private file (and leaves the database), an admin downloads it through the label route's
 * presigned URL, the bucket refuses it without one, retention removes it, and the
 * move-documents command moves documents between the two storages.
 *
 * The server starts before the runner loads medusa-config (this file's first beforeAll), which
 * reads DEV_FILE_S3_* (the File Module) and SHIPPING_SERVICES_DOCUMENTS_STORAGE.
 */
let s3: S3Server
const saved = { ...process.env }
beforeAll(async () => {
  s3 = await startS3("labels")
  process.env.DEV_FILE_S3_ENDPOINT = s3.endpoint
  process.env.DEV_FILE_S3_BUCKET = s3.bucket
  process.env.SHIPPING_SERVICES_DOCUMENTS_STORAGE = "file"
})
afterAll(async () => {
  for (const key of [
    "DEV_FILE_S3_ENDPOINT",
    "DEV_FILE_S3_BUCKET",
    "SHIPPING_SERVICES_DOCUMENTS_STORAGE",
  ])
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  await s3?.close()
})

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
    /** A document row as stored (bytes, storage, file key). */
    async function stored(ownerId: string) {
      const [page] = await shipping().versions().pages("label", ownerId)
      if (!page) return undefined
      const [meta] = await shipping().documents().meta([page.id])
      return meta
    }

    async function labelledOrder() {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      })
      const row = await labelOf(shipping, order.id, { files: true })
      // The label goes to the bucket right after Medusa's fulfillment workflow (the label-storage
      // workflow moves it out of the database).
      const doc = await waitFor(async () => {
        const d = await stored(row.id)
        return d?.storage === "file" ? d : undefined
      }, `the label of ${order.id} in the bucket`)
      return { order, row, doc }
    }

    it("keeps the label in the bucket as a private file, downloaded by an admin through a presigned URL only", async () => {
      const { order, row, doc } = await labelledOrder()
      const key = doc.file_id as string
      // Before Medusa 2.19 its S3 provider drops the folders of a file's name.
      const folder = medusaCan("s3KeepsFolders")
        ? "shipping-services/label/"
        : ""
      expect(key).toMatch(
        new RegExp(`^${folder}${row.id}-v0-p0-[0-9A-Z]+\\.pdf$`)
      )
      expect(s3.uploads).toContainEqual({ key, acl: "private" })
      expect(s3.uploads.every((u) => u.acl === "private")).toBe(true)

      // Out of the database: no bytes left in the row.
      const { rows } = await getContainer()
        .resolve("__pg_connection__")
        .raw(
          `select content is null as empty, size from shipping_services_document where id = ?`,
          [doc.id]
        )
      expect(rows).toEqual([{ empty: true, size: doc.size }])
      const inBucket = (await s3.object(key)) as Buffer
      expect(inBucket.subarray(0, 5).toString()).toBe("%PDF-")
      expect(inBucket.length).toBe(doc.size)

      // The admin route answers a presigned URL of that one file, never a public one.
      const redirect = await get(`${BASE}/shipments/${row.id}/label`, {
        maxRedirects: 0,
        validateStatus: () => true,
      })
      expect(redirect.status).toBe(302)
      expect(redirect.headers["cache-control"]).toBe("private, no-store")
      const signed = new URL(redirect.headers.location)
      expect(signed.origin).toBe(s3.endpoint)
      expect(signed.pathname).toBe(`/${s3.bucket}/${key}`)
      expect(signed.searchParams.get("X-Amz-Algorithm")).toBe(
        "AWS4-HMAC-SHA256"
      )
      expect(Number(signed.searchParams.get("X-Amz-Expires"))).toBe(300)
      const downloaded = await fetch(signed)
      expect(downloaded.status).toBe(200)
      expect(
        Buffer.compare(Buffer.from(await downloaded.arrayBuffer()), inBucket)
      ).toBe(0)
      // What the admin's own pages ask: the URL as JSON.
      const link = await get(`${BASE}/shipments/${row.id}/label?link=1`)
      expect(link.status).toBe(200)
      expect(new URL(link.data.url).pathname).toBe(signed.pathname)
      // A print layout is made from the bucket's bytes.
      const sheet = await get(
        `${BASE}/shipments/${row.id}/label?layout=letter-2up`,
        {
          responseType: "arraybuffer",
        }
      )
      expect(sheet.status).toBe(200)
      expect(
        (await PDFDocument.load(Buffer.from(sheet.data))).getPageCount()
      ).toBe(1)

      // Without the signature the bucket refuses the file; without a session the route does.
      const unsigned = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`)
      expect(unsigned.status).toBe(403)
      const anonymous = await api
        .get(`${BASE}/shipments/${row.id}/label`, { maxRedirects: 0 } as any)
        .catch((e: any) => e.response)
      expect(anonymous.status).toBe(401)
      // Medusa's fulfillment names the admin route, not the bucket.
      const { data } = await api.get(
        `/admin/orders/${order.id}?fields=id,*fulfillments,*fulfillments.labels`,
        admin
      )
      const fulfillment = data.order.fulfillments[0]
      expect(fulfillment.labels[0].label_url).toContain(
        `${BASE}/shipments/${row.id}/label`
      )
      expect(JSON.stringify(fulfillment)).not.toContain(s3.endpoint)

      // Retention removes the file from the bucket, then the row.
      await sandbox.post("/clock/advance", { until: "done" })
      await sandbox.post("/webhooks/settle", {})
      await waitFor(async () => {
        const [r] = await shipping().listShipments({ id: row.id })
        return r.delivered_applied_at ? r : undefined
      }, "delivered")
      const report = await removeExpiredDocuments(getContainer(), {
        now: new Date(Date.now() + 91 * DAY),
      })
      expect(report).toMatchObject({ labels: 1, documents: 1 })
      expect(await s3.object(key)).toBeNull()
      expect(await s3.keys()).not.toContain(key)
      expect(await stored(row.id)).toBeUndefined()
      expect((await get(`${BASE}/shipments/${row.id}/label`)).status).toBe(410)
      // The old presigned URL leads nowhere now.
      expect((await fetch(signed)).status).toBe(404)
    })

    it("moves documents between the database and the bucket with the move-documents command", async () => {
      const { row, doc } = await labelledOrder()
      const bytes = (await s3.object(doc.file_id as string)) as Buffer

      await moveDocuments({ container: getContainer(), args: ["database"] })
      const back = await stored(row.id)
      expect(back).toMatchObject({
        storage: "database",
        file_id: null,
        size: bytes.length,
      })
      expect(
        Buffer.compare(await shipping().documents().bytes(doc.id), bytes)
      ).toBe(0)
      expect(await s3.object(doc.file_id as string)).toBeNull()
      const served = await get(`${BASE}/shipments/${row.id}/label`, {
        responseType: "arraybuffer",
        maxRedirects: 0,
      })
      expect(served.status).toBe(200)
      expect(Buffer.compare(Buffer.from(served.data), bytes)).toBe(0)

      // With no target, the configured storage ("file"): up again, under a new key.
      await moveDocuments({ container: getContainer(), args: [] })
      const up = await stored(row.id)
      expect(up?.storage).toBe("file")
      expect(up?.file_id).not.toBe(doc.file_id)
      expect(
        Buffer.compare(
          (await s3.object(up?.file_id as string)) as Buffer,
          bytes
        )
      ).toBe(0)
      // Running it again moves nothing and succeeds.
      await moveDocuments({ container: getContainer(), args: ["file"] })
      await expect(
        moveDocuments({ container: getContainer(), args: ["cloud"] })
      ).rejects.toThrow(/the target must be database or file, not "cloud"/)
    })
  },
})
