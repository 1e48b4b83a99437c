import { labelFileName, labelFileType } from "../files"

describe("label files", () => {
  it("names and types each format", () => {
    expect(labelFileType("PDF")).toEqual({
      mimeType: "application/pdf",
      extension: "pdf",
      inline: true,
    })
    expect(labelFileType("ZPL2")).toMatchObject({
      extension: "zpl",
      inline: false,
    })
    expect(labelFileName("9400 1000/00", "PNG")).toBe("label-9400100000.png")
    expect(labelFileName("1Z999", "ZPL2", 1, 2)).toBe("label-1Z999-2.zpl")
    expect(labelFileType(undefined).extension).toBe("bin")
  })
})
