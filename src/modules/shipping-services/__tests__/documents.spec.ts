import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { randomBytes } from "node:crypto"
import { appPluginOptions } from "../../../../dev/app-options"
import { SHIPPING_SERVICES_MODULE } from "../../../options"
import { DocumentStore, type FileService } from "../documents"
import { DocumentRetention } from "../retention"
import type ShippingServicesModuleService from "../service"

jest.setTimeout(60_000)

const DAY = 86_400_000

/** A File Module in memory: what was uploaded (private only), and what was deleted. */
function memoryFiles() {
  const files = new Map<string, { bytes: Buffer; access?: string }>()
  const deleted: string[] = []
  let n = 0
  const service: FileService = {
    async createFiles({ filename, content, access }) {
      const id = `${filename}-${++n}`
      files.set(id, { bytes: Buffer.from(content, "base64"), access })
      return { id, url: `memory://${id}` }
    },
    async deleteFiles(ids) {
      for (const id of ids) {
        deleted.push(id)
        files.delete(id)
      }
    },
    async retrieveFile(id) {
      return { id, url: `memory://signed/${id}` }
    },
    async getAsBuffer(id) {
      const file = files.get(id)
      if (!file) throw new Error(`no file ${id}`)
      return file.bytes
    },
  }
  return { service, files, deleted }
}

moduleIntegrationTestRunner<ShippingServicesModuleService>({
  moduleName: SHIPPING_SERVICES_MODULE,
  resolve: __dirname + "/..",
  pathToMigrations: __dirname + "/../migrations",
  moduleOptions: appPluginOptions({}) as Record<string, unknown>,
  testSuite: ({ service, MikroOrmWrapper }) => {
    const knex = () => (MikroOrmWrapper.getManager() as any).getKnex()
    const now = new Date("2026-11-25T12:00:00Z")
    const cutoff = new Date(now.getTime() - 90 * DAY)
    let n = 0

    /** A bought label (its page stored with it, as the purchase does), then its life's end. */
    async function label(
      fields: Record<string, unknown> = {},
      storedAt = new Date(cutoff.getTime() - 30 * DAY)
    ) {
      const i = ++n
      const row = await service.createShipments({
        transaction_id: `T-${i}`,
        request_key: `k-${i}`,
        option_id: "postal-ground",
        variant: "expedited",
        carrier: "POSTAL",
        service_id: "UGA",
      })
      const bytes = randomBytes(2000 + i)
      await service.journal().storeDocuments(
        [
          {
            kind: "label",
            owner_id: row.id,
            mime_type: "application/pdf",
            format: "PDF",
            content: bytes.toString("base64"),
          },
        ],
        {
          id: row.id,
          status: "created",
          shipment_id: `S-${i}`,
          tracking_number: `TN${i}`,
        }
      )
      await knex().raw(
        `update shipping_services_document set created_at = ? where owner_id = ?`,
        [storedAt, row.id]
      )
      if (Object.keys(fields).length)
        await knex()("shipping_services_shipment")
          .where({ id: row.id })
          .update(fields)
      return { id: row.id, bytes }
    }
    const before = (ms: number) => new Date(cutoff.getTime() - ms)
    const retention = () =>
      new DocumentRetention(
        knex,
        new DocumentStore(knex, () => "presigned", memoryFiles().service)
      )
    const pagesOf = async (id: string) =>
      (await service.versions().pages("label", id)).length
    const removedAt = async (id: string) =>
      (
        await knex()("shipping_services_shipment")
          .where({ id })
          .select("documents_removed_at")
      )[0].documents_removed_at

    it("stores bytes, not base64, and reads them back as they were", async () => {
      const { id, bytes } = await label()
      const [page] = await service.versions().pages("label", id)
      expect(page).toMatchObject({ size: bytes.length, storage: "database" })
      expect(
        Buffer.compare(await service.documents().bytes(page.id), bytes)
      ).toBe(0)
      const { rows } = await knex().raw(
        `select pg_typeof(content)::text as type, octet_length(content) as n from shipping_services_document where id = ?`,
        [page.id]
      )
      expect(rows).toEqual([{ type: "bytea", n: bytes.length }])
      expect(
        Buffer.compare(
          (await service.documents().labelPages([id])).get(id)?.[0] as Buffer,
          bytes
        )
      ).toBe(0)
      // The generated list never carries the bytes.
      const [listed] = await service.listDocuments({ id: page.id })
      expect(listed).not.toHaveProperty("content")
    })

    it("stores a label on its row and in its documents, or neither", async () => {
      const row = await service.createShipments({
        transaction_id: "T-atomic",
        request_key: "k-atomic",
        option_id: "postal-ground",
        variant: "expedited",
        carrier: "POSTAL",
        service_id: "UGA",
      })
      await expect(
        service.journal().storeDocuments(
          [
            {
              kind: "label",
              owner_id: row.id,
              mime_type: "application/pdf",
              content: Buffer.from("page 1"),
            },
            {
              kind: "bogus" as "label",
              owner_id: row.id,
              page: 1,
              mime_type: "application/pdf",
              content: Buffer.from("page 2"),
            },
          ],
          { id: row.id, status: "created", tracking_number: "TN-atomic" }
        )
      ).rejects.toThrow(/kind_check/)
      const [after] = await service.listShipments({ id: row.id })
      expect(after).toMatchObject({ status: "pending", tracking_number: null })
      expect(await service.versions().pages("label", row.id)).toEqual([])
    })

    it("deletes documents for good: no soft delete keeps their bytes", async () => {
      const { id } = await label()
      const [page] = await service.versions().pages("label", id)
      await expect(service.softDeleteDocuments([page.id])).rejects.toThrow(
        /never_soft_deleted/
      )
      await service.deleteDocuments([page.id])
      const { rows } = await knex().raw(
        `select count(*)::int as n from shipping_services_document where id = ?`,
        [page.id]
      )
      expect(rows).toEqual([{ n: 0 }])
    })

    it("finds the labels due at the boundaries: ended before the cutoff, stored before it", async () => {
      const due = {
        delivered: await label({ delivered_applied_at: before(1000) }),
        voided: await label({ status: "voided", voided_at: before(DAY) }),
        returned: await label({
          tracking_status: "ReturnToSender",
          tracking_status_at: before(1000),
        }),
        deliveredScan: await label({
          tracking_status: "Delivered",
          tracking_status_at: before(5 * DAY),
        }),
      }
      const kept = {
        atCutoff: await label({ delivered_applied_at: cutoff }),
        justAfter: await label({
          delivered_applied_at: new Date(cutoff.getTime() + 1000),
        }),
        travelling: await label({
          tracking_status: "InTransit",
          tracking_status_at: before(200 * DAY),
        }),
        reprinted: await label(
          { delivered_applied_at: before(10 * DAY) },
          new Date(cutoff.getTime() + DAY)
        ),
        removed: await label({
          delivered_applied_at: before(DAY),
          documents_removed_at: before(0),
        }),
        pending: await label({
          status: "pending",
          delivered_applied_at: before(DAY),
        }),
      }
      const found = await retention().dueLabels(cutoff, 100)
      expect(found.sort()).toEqual(
        Object.values(due)
          .map((d) => d.id)
          .sort()
      )
      expect(found).not.toEqual(
        expect.arrayContaining(Object.values(kept).map((k) => k.id))
      )
    })

    it("removes due labels in batches of bounded size, keeping shipments and their tracking", async () => {
      const due = []
      for (let i = 0; i < 5; i++)
        due.push(await label({ delivered_applied_at: before(i * 1000 + 1) }))
      const keep = await label({ delivered_applied_at: now })
      await knex()("shipping_services_tracking_event").insert({
        id: "sstev_keep",
        dedupe_key: "dk",
        tracking_number: "TN1",
        shipment_id: due[0].id,
        payload: JSON.stringify({ packageStatus: "Delivered" }),
      })
      const r = retention()
      const pages: string[][] = []
      let after = ""
      for (;;) {
        const batch = await r.dueLabels(cutoff, 2, after)
        if (!batch.length) break
        expect(batch.length).toBeLessThanOrEqual(2)
        pages.push(batch)
        const removed = await r.removeLabels(batch, cutoff)
        expect(removed.documents).toBe(batch.length)
        expect(removed.lockMs).toBeGreaterThan(0)
        after = batch[batch.length - 1]
      }
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1])
      for (const d of due) {
        expect(await pagesOf(d.id)).toBe(0)
        expect(await removedAt(d.id)).not.toBeNull()
      }
      expect(await pagesOf(keep.id)).toBe(1)
      expect(await removedAt(keep.id)).toBeNull()
      // The shipment's record stays whole: its row, tracking number and events.
      const [row] = await service.listShipments({ id: due[0].id })
      expect(row).toMatchObject({
        status: "created",
        tracking_number: expect.stringMatching(/^TN\d+$/),
        shipment_id: expect.stringMatching(/^S-\d+$/),
      })
      expect(
        await service.listTrackingEvents({ shipment_id: due[0].id })
      ).toHaveLength(1)
      // Nothing is due any more.
      expect(await r.dueLabels(cutoff, 100)).toEqual([])
    })

    it("keeps a page stored again meanwhile (a reprint), and storing a label clears the mark", async () => {
      const { id } = await label({ delivered_applied_at: before(DAY) })
      const r = retention()
      expect(await r.dueLabels(cutoff, 10)).toEqual([id])
      // A reprint lands between the pick and the removal.
      await service.journal().storeDocuments([
        {
          kind: "label",
          owner_id: id,
          version: 1,
          mime_type: "application/pdf",
          content: Buffer.from("reprinted"),
        },
      ])
      const removed = await r.removeLabels([id], cutoff)
      expect(removed.documents).toBe(1)
      const pages = await service.versions().pages("label", id)
      expect(pages).toHaveLength(1)
      expect((await service.documents().bytes(pages[0].id)).toString()).toBe(
        "reprinted"
      )
      expect(await removedAt(id)).toBeNull()

      // Removed, then reprinted: the label is back and no longer counts as removed.
      await knex()("shipping_services_document")
        .where({ owner_id: id })
        .update({ created_at: before(DAY) })
      await r.removeLabels([id], cutoff)
      expect(await removedAt(id)).not.toBeNull()
      await service.journal().storeDocuments(
        [
          {
            kind: "label",
            owner_id: id,
            version: 2,
            mime_type: "application/pdf",
            content: Buffer.from("again"),
          },
        ],
        { id, reprint_count: 2 }
      )
      expect(await removedAt(id)).toBeNull()
      expect(await pagesOf(id)).toBe(1)
    })

    it("removes a batch's print files only after every label it printed is removed", async () => {
      const a = await label({ delivered_applied_at: before(DAY) })
      const b = await label({ delivered_applied_at: before(DAY) })
      const batch = await service.createBatches({
        layout: "4x6",
        status: "done",
        finished_at: before(DAY),
      })
      await service.createBatchItems({
        batch_id: batch.id,
        order_id: "order_1",
        status: "done",
        shipment_ids: { ids: [a.id, b.id] },
      })
      await service.journal().storeDocuments([
        {
          kind: "print",
          owner_id: batch.id,
          version: 1,
          mime_type: "application/pdf",
          content: Buffer.from("%PDF batch"),
        },
      ])
      await knex()("shipping_services_document")
        .where({ owner_id: batch.id })
        .update({ created_at: before(DAY) })
      const r = retention()
      expect(await r.dueBatches(cutoff, 10)).toEqual([])
      await r.removeLabels([a.id], cutoff)
      expect(await r.dueBatches(cutoff, 10)).toEqual([])
      await r.removeLabels([b.id], cutoff)
      expect(await r.dueBatches(cutoff, 10)).toEqual([batch.id])
      const removed = await r.removeBatchFiles([batch.id], cutoff)
      expect(removed.documents).toBe(1)
      const [after] = await service.listBatches({ id: batch.id })
      expect(after.files_removed_at).not.toBeNull()
      expect(await service.versions().pages("print", batch.id)).toEqual([])
      expect(await r.dueBatches(cutoff, 10)).toEqual([])
    })

    it("moves documents to the File Module as private files and back, and removes both", async () => {
      const memory = memoryFiles()
      const store = new DocumentStore(
        knex,
        () => "presigned",
        () => memory.service
      )
      const one = await label({ delivered_applied_at: before(DAY) })
      const two = await label()
      const [p1] = await service.versions().pages("label", one.id)
      const [p2] = await service.versions().pages("label", two.id)

      const moved = await store.move("file", { limit: 10 })
      expect(moved).toEqual({ moved: 2, failed: [] })
      expect([...memory.files.values()].map((f) => f.access)).toEqual([
        "private",
        "private",
      ])
      const { rows } = await knex().raw(
        `select id, storage, file_id, content from shipping_services_document where id = any(?) order by id`,
        [[p1.id, p2.id]]
      )
      for (const row of rows) {
        expect(row.storage).toBe("file")
        expect(row.content).toBeNull()
        expect(row.file_id).toMatch(
          /^shipping-services\/label\/ssship_.*-v0-p0\.pdf-\d+$/
        )
      }
      expect(Buffer.compare(await store.bytes(p1.id), one.bytes)).toBe(0)
      expect(await store.source(p1.id)).toEqual({
        storage: "file",
        delivery: "presigned",
        url: expect.stringMatching(/^memory:\/\/signed\//),
      })
      // Moving again finds nothing to move.
      expect(await store.move("file")).toEqual({ moved: 0, failed: [] })

      // Retention deletes the file first, then the row.
      const r = new DocumentRetention(knex, store)
      const fileOfOne = rows.find((x: { id: string }) => x.id === p1.id).file_id
      await r.removeLabels([one.id], cutoff)
      expect(memory.deleted).toEqual([fileOfOne])
      expect(memory.files.size).toBe(1)

      // Back to the database: the bytes return to the row and the file goes.
      expect(await store.move("database")).toEqual({ moved: 1, failed: [] })
      expect(memory.files.size).toBe(0)
      expect((await store.meta([p2.id]))[0]).toMatchObject({
        storage: "database",
        file_id: null,
        size: two.bytes.length,
      })
      expect(Buffer.compare(await store.bytes(p2.id), two.bytes)).toBe(0)
    })

    it("deletes its upload when the document was removed while it was being moved", async () => {
      const memory = memoryFiles()
      const { id } = await label()
      const [page] = await service.versions().pages("label", id)
      const racing: FileService = {
        ...memory.service,
        async createFiles(data) {
          const file = await memory.service.createFiles(data)
          // Another process removes the document between the upload and the row's update.
          await knex()("shipping_services_document")
            .where({ id: page.id })
            .delete()
          return file
        },
      }
      const store = new DocumentStore(
        knex,
        () => "presigned",
        () => racing
      )
      expect(await store.move("file", { ids: [page.id] })).toEqual({
        moved: 0,
        failed: [],
      })
      expect(memory.files.size).toBe(0)
      expect(memory.deleted).toHaveLength(1)
    })

    it("leaves a document where it is when the File Module fails, and says why", async () => {
      const { id, bytes } = await label()
      const [page] = await service.versions().pages("label", id)
      const failing: FileService = {
        ...memoryFiles().service,
        async createFiles() {
          throw new Error("bucket unreachable")
        },
      }
      const store = new DocumentStore(
        knex,
        () => "presigned",
        () => failing
      )
      expect(await store.move("file", { ids: [page.id] })).toEqual({
        moved: 0,
        failed: [{ id: page.id, reason: "bucket unreachable" }],
      })
      expect(Buffer.compare(await store.bytes(page.id), bytes)).toBe(0)
    })
  },
})
