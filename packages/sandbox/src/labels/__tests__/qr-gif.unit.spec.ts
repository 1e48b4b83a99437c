import { GifReader } from "omggif"
import { renderDocument } from ".."
import { decodeQr, labelInput, luminance } from "./helpers"

function gif(overrides: Parameters<typeof labelInput>[0] = {}) {
  const doc = renderDocument(
    labelInput({ type: "QR_CODE", fileFormat: "GIF", ...overrides })
  )
  expect(doc.mimeType).toBe("image/gif")
  expect(doc.extension).toBe("gif")
  expect(doc.pages).toHaveLength(1)
  const file = doc.pages[0]
  const reader = new GifReader(file)
  const rgba = new Uint8Array(reader.width * reader.height * 4)
  reader.decodeAndBlitFrameRGBA(0, rgba)
  return { file, reader, lum: luminance(rgba, reader.width, reader.height) }
}

describe("QR code GIF", () => {
  it("is a GIF89a whose QR code decodes to the tracking number by default", () => {
    const { file, reader, lum } = gif({
      trackingNumber: "9400111899223344556677",
    })
    expect(file.subarray(0, 6).toString("latin1")).toBe("GIF89a")
    expect(file[file.length - 1]).toBe(0x3b) // trailer
    expect(reader.numFrames()).toBe(1)
    expect(reader.width).toBe(reader.height)
    // 6 px per module and a 4-module quiet zone: side = (modules + 8) * 6.
    expect(reader.width % 6).toBe(0)
    expect(lum[0]).toBe(255)
    expect(decodeQr(lum, reader.width, reader.height)).toBe(
      "9400111899223344556677"
    )
  })

  it("encodes qrPayload when given", () => {
    const payload = "https://sandbox.example/qr/shp_01JTEST?code=ABC-123"
    const { reader, lum } = gif({ qrPayload: payload })
    expect(decodeQr(lum, reader.width, reader.height)).toBe(payload)
  })

  it("uses a two-colour palette (black and white only)", () => {
    const { lum } = gif()
    expect(new Set(lum)).toEqual(new Set([0, 255]))
  })

  it("refuses a payload too large for a QR code, naming qrPayload", () => {
    expect(() => gif({ qrPayload: "x".repeat(5000) })).toThrow(/qrPayload/)
  })
})
