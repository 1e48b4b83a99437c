import { labelPageDocuments } from "../pages"

describe("labelPageDocuments", () => {
  it("makes one row a page, numbered from 0, with the format's file type", () => {
    expect(labelPageDocuments("ship_1", 2, "PNG", ["a", "b"])).toEqual([
      {
        kind: "label",
        owner_id: "ship_1",
        page: 0,
        version: 2,
        mime_type: "image/png",
        format: "PNG",
        content: "a",
      },
      {
        kind: "label",
        owner_id: "ship_1",
        page: 1,
        version: 2,
        mime_type: "image/png",
        format: "PNG",
        content: "b",
      },
    ])
  })

  it("keeps an unknown format as null and serves it as bytes", () => {
    expect(labelPageDocuments("ship_1", 0, undefined, ["a"])[0]).toMatchObject({
      format: null,
      mime_type: "application/octet-stream",
    })
  })
})
