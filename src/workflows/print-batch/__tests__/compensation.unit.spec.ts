import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { runThenFail } from "../../__tests__/run-then-fail"
import { markLabelsPrintedStep } from "../steps/mark-labels-printed"
import {
  recordBatchItem,
  recordBatchItemStep,
} from "../steps/record-batch-item"
import {
  recordPrintFiles,
  restorePrintFiles,
} from "../steps/record-print-files"
import { storePrintFilesStep } from "../steps/store-print-files"

type Row = Record<string, unknown> & { id: string }

/** The module's batch and item rows, as far as the steps use them. */
function journal(batch: Row, items: Row[]) {
  const batches = [batch]
  const update = (table: Row[]) =>
    jest.fn(async (changes: Row | Row[]) => {
      for (const change of [changes].flat())
        Object.assign(
          table.find((r) => r.id === change.id)!,
          change
        )
    })
  return {
    batchRows: batches,
    items,
    listBatches: jest.fn(async ({ id }: { id: string }) =>
      batches.filter((b) => b.id === id).map((b) => ({ ...b }))
    ),
    listBatchItems: jest.fn(
      async (filter: { id?: string; batch_id?: string }) =>
        items
          .filter((i) =>
            filter.id ? i.id === filter.id : i.batch_id === filter.batch_id
          )
          .map((i) => ({ ...i }))
    ),
    updateBatches: update(batches),
    updateBatchItems: update(items),
    // As the module's one statement: sets the fields, returns them as they were.
    batches() {
      return { setItem: this.setBatchItem }
    },
    setBatchItem: jest.fn(async (id: string, fields: Row) => {
      const item = items.find((i) => i.id === id)
      if (!item) return null
      const old = { ...item }
      Object.assign(item, fields)
      return old
    }),
  }
}

const file = (document_id: string) => ({
  kind: "combined" as const,
  document_id,
  file_name: "batch.pdf",
  mime_type: "application/pdf",
  pages: 2,
  documents: 2,
  size: 100,
  layout: "4x6",
})

describe("print batch compensations", () => {
  it("records new print files and item notes, and puts both back as they were", async () => {
    const j = journal(
      {
        id: "ssb_1",
        files: [file("doc_v1")],
        print_version: 1,
        print_error: { message: "earlier failure" },
      },
      [
        { id: "ssbi_1", batch_id: "ssb_1", note: null },
        { id: "ssbi_2", batch_id: "ssb_1", note: "same" },
      ]
    )
    const before = await recordPrintFiles(j as never, {
      batch_id: "ssb_1",
      version: 2,
      files: [file("doc_v2")],
      notes: { ssbi_1: "left out of the PDF", ssbi_2: "same" },
    })
    expect(j.batchRows[0]).toMatchObject({
      files: [file("doc_v2")],
      print_version: 2,
      print_error: null,
    })
    expect(j.items.map((i) => i.note)).toEqual(["left out of the PDF", "same"])
    // Only the note that changed is written (and would be restored).
    expect(before?.notes).toEqual([{ id: "ssbi_1", note: null }])
    await restorePrintFiles(j as never, before)
    expect(j.batchRows[0]).toMatchObject({
      files: [file("doc_v1")],
      print_version: 1,
      print_error: { message: "earlier failure" },
    })
    expect(j.items.map((i) => i.note)).toEqual([null, "same"])
  })

  it("replaces a killed run's leftover pages, and deletes the version it stored when a later step fails", async () => {
    const shipping = {
      ...journal(
        {
          id: "ssb_1",
          print_version: 3,
          layout: "4x6",
          packing_slips: false,
          commercial_invoices: false,
          separate: false,
        },
        []
      ),
      storeDocuments: jest.fn(async () => undefined),
      documentPages: jest.fn(async () => []),
      deleteDocumentVersion: jest.fn(async () => undefined),
      journal() {
        return { storeDocuments: this.storeDocuments }
      },
      versions() {
        return {
          pages: this.documentPages,
          deleteVersion: this.deleteDocumentVersion,
        }
      },
    }
    const { errors } = await runThenFail(
      storePrintFilesStep,
      { batch_id: "ssb_1" },
      {
        [SHIPPING_SERVICES_MODULE]: shipping,
        [ContainerRegistrationKeys.QUERY]: {
          graph: jest.fn(async () => ({ data: [] })),
        },
      }
    )
    expect(errors).toEqual(["a later step failed"])
    // Before storing: what a killed run left of version 4; after the failure: version 4 again.
    expect(shipping.deleteDocumentVersion.mock.calls).toEqual([
      ["print", "ssb_1", 4],
      ["print", "ssb_1", 4],
    ])
    expect(
      shipping.deleteDocumentVersion.mock.invocationCallOrder[0]
    ).toBeLessThan(shipping.storeDocuments.mock.invocationCallOrder[0])
  })

  it("records an item's outcome and gives its fields back when a later step fails", async () => {
    const j = journal({ id: "ssb_1" }, [
      {
        id: "ssbi_1",
        batch_id: "ssb_1",
        status: "running",
        attempts: 0,
        error: null,
        shipment_ids: null,
      },
    ])
    const before = await recordBatchItem(j as never, {
      id: "ssbi_1",
      status: "done",
      attempts: 1,
      shipment_ids: { ids: ["sssh_1"] },
    })
    expect(j.items[0]).toMatchObject({
      status: "done",
      attempts: 1,
      shipment_ids: { ids: ["sssh_1"] },
    })
    expect(before).toEqual({
      id: "ssbi_1",
      status: "running",
      attempts: 0,
      shipment_ids: null,
    })
    await runThenFail(
      recordBatchItemStep,
      { id: "ssbi_1", status: "failed", attempts: 2, error: { message: "x" } },
      { [SHIPPING_SERVICES_MODULE]: j }
    )
    expect(j.items[0]).toMatchObject({
      status: "done",
      attempts: 1,
      error: null,
      shipment_ids: { ids: ["sssh_1"] },
    })
  })

  it("unmarks only the labels it marked printed when a later step fails", async () => {
    const journal = {
      markPrinted: jest.fn(async () => ["sssh_2"]),
      clearPrinted: jest.fn(async () => undefined),
    }
    const shipping = { journal: () => journal }
    await runThenFail(
      markLabelsPrintedStep,
      { shipment_ids: ["sssh_1", "sssh_2"] },
      { [SHIPPING_SERVICES_MODULE]: shipping }
    )
    expect(journal.markPrinted).toHaveBeenCalledWith(["sssh_1", "sssh_2"])
    expect(journal.clearPrinted).toHaveBeenCalledWith(["sssh_2"])
  })
})
