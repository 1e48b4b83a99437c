import { documentOf } from "../steps/create-manifest-at-service"
import { deleteManifestDocument } from "../steps/store-manifest-document"

describe("close-out steps", () => {
  it("compensation deletes the stored pages of the manifest, and nothing else", async () => {
    let docs = [
      { id: "d1", kind: "manifest", owner_id: "M1" },
      { id: "d2", kind: "manifest", owner_id: "M2" },
    ]
    const documents = {
      listDocuments: jest.fn(async (f: { kind: string; owner_id: string }) =>
        docs.filter((d) => d.kind === f.kind && d.owner_id === f.owner_id)
      ),
      deleteDocuments: jest.fn(
        async (ids: string[]) =>
          void (docs = docs.filter((d) => !ids.includes(d.id)))
      ),
    }
    await deleteManifestDocument(documents as never, "M1")
    expect(docs.map((d) => d.id)).toEqual(["d2"])
    await deleteManifestDocument(documents as never, null)
    expect(documents.listDocuments).toHaveBeenCalledTimes(1)
  })

  it("reads the scan form from the service's answer", () => {
    expect(
      documentOf({
        documents: [
          { type: "MANIFEST", contentType: "URL", contents: "https://x/m.pdf" },
        ],
      } as never)
    ).toEqual({ url: "https://x/m.pdf" })
    expect(
      documentOf({
        documents: [
          { type: "MANIFEST", contentType: "BASE64", contents: "JVBE" },
        ],
      } as never)
    ).toEqual({ base64: "JVBE" })
    expect(documentOf({} as never)).toBeNull()
  })
})
