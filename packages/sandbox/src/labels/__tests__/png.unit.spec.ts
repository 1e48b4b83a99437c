import type { DocumentSize } from "../../../../../src/shipping-api/constants"
import { renderDocument } from ".."
import { slots } from "../layout"
import { DOTS_PER_PT } from "../sizes"
import { decodeCode128, decodePng, labelInput, readPngHeader } from "./helpers"

/** The layout's barcode column in dots (see decodeCode128 for why). */
function barcodeColumns(size: DocumentSize): [number, number] {
  const b = slots(size).barcode
  return [Math.round(b.x * DOTS_PER_PT), Math.round((b.x + b.w) * DOTS_PER_PT)]
}

const PIXELS: Record<DocumentSize, [number, number]> = {
  DOC_4X6: [812, 1218],
  DOC_4X5: [812, 1015],
  DOC_8X11: [1726, 2233],
}

function png(overrides: Parameters<typeof labelInput>[0] = {}): Buffer {
  const doc = renderDocument(labelInput({ fileFormat: "PNG", ...overrides }))
  expect(doc.mimeType).toBe("image/png")
  expect(doc.extension).toBe("png")
  expect(doc.pages).toHaveLength(1)
  return doc.pages[0]
}

/** Black pixels inside a rectangle given in points. */
function blackIn(
  image: ReturnType<typeof decodePng>,
  r: { x: number; y: number; w: number; h: number }
): number {
  let n = 0
  const x0 = Math.round(r.x * DOTS_PER_PT)
  const y0 = Math.round(r.y * DOTS_PER_PT)
  const x1 = Math.round((r.x + r.w) * DOTS_PER_PT)
  const y1 = Math.round((r.y + r.h) * DOTS_PER_PT)
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (image.lum[y * image.width + x] < 128) n++
    }
  }
  return n
}

describe("PNG shipping label", () => {
  it.each(Object.keys(PIXELS) as DocumentSize[])(
    "%s: a 203-dpi 1-bit PNG whose barcode decodes",
    (size) => {
      const trackingNumber = `9261290100130${size === "DOC_4X6" ? "111" : size === "DOC_4X5" ? "222" : "333"}456789`
      const file = png({ size, trackingNumber })
      const header = readPngHeader(file)
      expect([header.width, header.height]).toEqual(PIXELS[size])
      expect(header).toMatchObject({
        bitDepth: 1,
        colorType: 0,
        chunks: ["IHDR", "pHYs", "IDAT", "IEND"],
      })
      const phys = file.indexOf("pHYs", 0, "latin1")
      expect(file.readUInt32BE(phys + 4)).toBe(7992) // 203 dpi in pixels per metre
      expect(file[phys + 12]).toBe(1)

      const image = decodePng(file)
      expect([image.width, image.height]).toEqual(PIXELS[size])
      expect(image.lum[0]).toBe(255) // white background
      expect(
        decodeCode128(
          image.lum,
          image.width,
          image.height,
          barcodeColumns(size)
        )
      ).toBe(trackingNumber)
    }
  )

  it.each([
    "1Z999AA10123456784",
    "420622909205590103080300",
    "LX123456789DE",
    "123",
    "ABC-12/34+X",
  ])("decodes tracking number %s from the label", (trackingNumber) => {
    const image = decodePng(png({ trackingNumber }))
    expect(
      decodeCode128(
        image.lum,
        image.width,
        image.height,
        barcodeColumns("DOC_4X6")
      )
    ).toBe(trackingNumber)
  })

  it("draws the addresses: a different recipient changes the TO box and nothing above it", () => {
    const s = slots("DOC_4X6")
    const a = decodePng(png({ to: { name: "Jane Doe", countryCode: "US" } }))
    const b = decodePng(
      png({ to: { name: "Mohammed Al-Rashid", countryCode: "US" } })
    )
    expect(blackIn(a, s.to)).toBeGreaterThan(500)
    expect(blackIn(b, s.to)).not.toBe(blackIn(a, s.to))
    expect(blackIn(b, s.from)).toBe(blackIn(a, s.from))
  })

  it("draws the CN22 box only for customs and the RETURN banner only for returns", () => {
    const s = slots("DOC_4X6")
    const plain = decodePng(png())
    const customs = decodePng(png({ customs: true }))
    const ret = decodePng(png({ returnLabel: true }))
    expect(
      blackIn(customs, s.customs) - blackIn(plain, s.customs)
    ).toBeGreaterThan(1000)
    const bannerArea = {
      x: s.header.x + s.header.w - 76,
      y: s.header.y,
      w: 76,
      h: s.header.h,
    }
    expect(blackIn(plain, bannerArea)).toBe(0)
    // A filled black box with white letters: mostly black.
    const area = 76 * 18 * DOTS_PER_PT * DOTS_PER_PT
    expect(blackIn(ret, bannerArea) / area).toBeGreaterThan(0.6)
  })

  it("starts every label from a clean frame (no state carried between labels)", () => {
    const first = png({
      trackingNumber: "AAA111",
      customs: true,
      returnLabel: true,
      to: { name: "First Person" },
    })
    png({ trackingNumber: "BBB222", to: { name: "Someone Else Entirely" } })
    const again = png({
      trackingNumber: "AAA111",
      customs: true,
      returnLabel: true,
      to: { name: "First Person" },
    })
    expect(again.equals(first)).toBe(true)
  })
})
