import { renderDocument } from ".."
import { labelInput } from "./helpers"

describe("renderDocument guards", () => {
  it.each([
    [{ fileFormat: "GIF" as const }, /fileFormat GIF .*SHIPPING_LABEL/],
    [
      { type: "QR_CODE" as const, fileFormat: "PDF" as const },
      /fileFormat PDF .*QR_CODE/,
    ],
    [
      { type: "QR_CODE" as const, fileFormat: "PNG" as const },
      /fileFormat PNG .*QR_CODE/,
    ],
    [
      { type: "QR_CODE" as const, fileFormat: "ZPL2" as const },
      /fileFormat ZPL2 .*QR_CODE/,
    ],
    [
      {
        type: "QR_CODE" as const,
        fileFormat: "GIF" as const,
        size: "DOC_4X6" as const,
      },
      /^size must be omitted for QR_CODE/,
    ],
    [
      { size: "DOC_9X9" as never },
      /^size must be one of DOC_4X6, DOC_8X11, DOC_4X5/,
    ],
    [{ type: "LABEL" as never }, /^type must be one of/],
    [{ fileFormat: "JPG" as never }, /^fileFormat must be one of/],
    [{ trackingNumber: "" }, /^trackingNumber is required/],
    [{ trackingNumber: "94001ü" }, /^trackingNumber must be printable ASCII/],
    [
      { trackingNumber: "AB".repeat(40), fileFormat: "PNG" as const },
      /^trackingNumber .* too long/,
    ],
  ])("rejects %p", (overrides, message) => {
    expect(() => renderDocument(labelInput(overrides))).toThrow(message)
  })

  it.each([
    ["PDF", "application/pdf", "pdf"],
    ["PNG", "image/png", "png"],
    ["ZPL2", "application/zpl", "zpl"],
  ] as const)("%s label is %s .%s", (fileFormat, mimeType, extension) => {
    const doc = renderDocument(labelInput({ fileFormat }))
    expect(doc).toMatchObject({ mimeType, extension })
    expect(doc.pages[0].length).toBeGreaterThan(100)
  })

  it("returns Buffers synchronously", () => {
    const doc = renderDocument(labelInput({ fileFormat: "PDF" }))
    expect(doc).not.toBeInstanceOf(Promise)
    expect(Buffer.isBuffer(doc.pages[0])).toBe(true)
  })
})
