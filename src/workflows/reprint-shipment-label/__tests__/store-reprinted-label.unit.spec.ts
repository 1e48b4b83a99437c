import {
  removeReprintedLabel,
  storeReprintedLabel,
} from "../steps/store-reprinted-label"

function journal() {
  const row: Record<string, unknown> = {
    id: "ssship_1",
    reprint_count: 0,
    label_source_url: null,
    label_type: "PDF",
    label_format: "PDF",
    label_size: "A6",
    label_content_type: "BASE64",
  }
  let documents = [
    { id: "doc_0", kind: "label", owner_id: "ssship_1", version: 0, page: 0 },
  ]
  return {
    row,
    documents: () => documents,
    listShipments: jest.fn(async () => [{ ...row }]),
    updateShipments: jest.fn(async (update: Record<string, unknown>) =>
      Object.assign(row, update)
    ),
    journal() {
      return this
    },
    storeDocuments: jest.fn(
      async (
        docs: { owner_id: string; version: number; page: number }[],
        update: Record<string, unknown>
      ) => {
        Object.assign(row, update)
        documents = documents.concat(
          docs.map((d, i) => ({
            id: `doc_new_${i}`,
            kind: "label",
            owner_id: d.owner_id,
            version: d.version,
            page: d.page,
          }))
        )
      }
    ),
    listDocuments: jest.fn(
      async (filter: { owner_id: string; version: number }) =>
        documents.filter(
          (d) => d.owner_id === filter.owner_id && d.version === filter.version
        )
    ),
    deleteDocuments: jest.fn(async (ids: string[]) => {
      documents = documents.filter((d) => !ids.includes(d.id))
    }),
  }
}

describe("storing a reprinted label and its compensation", () => {
  it("stores the next version; compensation deletes it and restores the label fields, keeping the service's count", async () => {
    const j = journal()
    const fields = {
      label_type: "ZPL",
      label_format: "ZPL",
      label_size: "4x6",
      label_content_type: "BASE64",
      pages: ["QUJD"],
      source_url: null,
    }
    const stored = await storeReprintedLabel(j as never, {
      shipment_id: "ssship_1",
      version: 1,
      fields,
      pages: fields.pages,
    })
    expect(j.documents().map((d) => d.version)).toEqual([0, 1])
    expect(j.row).toMatchObject({ reprint_count: 1, label_format: "ZPL" })

    await removeReprintedLabel(j as never, stored)
    expect(j.documents().map((d) => d.id)).toEqual(["doc_0"])
    expect(j.row).toMatchObject({
      reprint_count: 1,
      label_type: "PDF",
      label_format: "PDF",
      label_size: "A6",
      label_source_url: null,
    })
  })

  it("has nothing to undo without a stored reprint", async () => {
    const j = journal()
    await removeReprintedLabel(j as never, undefined)
    expect(j.deleteDocuments).not.toHaveBeenCalled()
    expect(j.updateShipments).not.toHaveBeenCalled()
  })
})
