import zlib from "node:zlib"
import { PDFDocument, PDFRawStream } from "pdf-lib"
import type { DocumentSize } from "../../../../../src/shipping-api/constants"
import {
  CUSTOMS_TITLE,
  RETURN_BANNER,
  SANDBOX_MARKER,
  renderDocument,
} from ".."
import { DOTS_PER_PT } from "../sizes"
import {
  decodeCode128,
  decodePng,
  labelInput,
  pdfImages,
  pdfText,
} from "./helpers"

const PAGE_PT: Record<DocumentSize, [number, number]> = {
  DOC_4X6: [288, 432],
  DOC_4X5: [288, 360],
  DOC_8X11: [612, 792],
}

async function render(overrides: Parameters<typeof labelInput>[0] = {}) {
  const doc = renderDocument(labelInput({ fileFormat: "PDF", ...overrides }))
  expect(doc.pages).toHaveLength(1)
  const bytes = doc.pages[0]
  const pdf = await PDFDocument.load(bytes)
  return { doc, bytes, pdf }
}

/** Where pdfkit placed each image: "w 0 0 -h x y cm /Name Do" in its top-down space. */
function imagePlacements(
  pdf: PDFDocument
): Array<{ name: string; x: number; top: number; w: number; h: number }> {
  const out: Array<{
    name: string
    x: number
    top: number
    w: number
    h: number
  }> = []
  const contents = pdf.getPage(0).node.Contents()
  const stream = contents instanceof PDFRawStream ? contents : undefined
  expect(stream).toBeDefined()
  const text = zlib
    .inflateSync(Buffer.from(stream!.contents))
    .toString("latin1")
  for (const m of text.matchAll(
    /([\d.]+) 0 0 -([\d.]+) ([\d.]+) ([\d.]+) cm\s+\/(\w+) Do/g
  )) {
    const [w, h, x, y] = [m[1], m[2], m[3], m[4]].map(Number)
    out.push({ name: "/" + m[5], x, top: y - h, w, h })
  }
  return out
}

describe("PDF shipping label", () => {
  it.each(Object.keys(PAGE_PT) as DocumentSize[])(
    "%s: a one-page PDF of the exact size with a decodable barcode",
    async (size) => {
      const trackingNumber = `94001118992233445${size === "DOC_4X5" ? "10001" : size === "DOC_8X11" ? "10002" : "10003"}`
      const { doc, bytes, pdf } = await render({ size, trackingNumber })
      expect(doc.mimeType).toBe("application/pdf")
      expect(doc.extension).toBe("pdf")
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
      expect(bytes.subarray(-6).toString("latin1").trim()).toBe("%%EOF")
      expect(pdf.getPageCount()).toBe(1)
      const { width, height } = pdf.getPage(0).getSize()
      expect([width, height]).toEqual(PAGE_PT[size])

      const images = pdfImages(pdf)
      expect(images).toHaveLength(1)
      const [img] = images
      expect(img).toMatchObject({
        colorSpace: "/DeviceGray",
        bitsPerComponent: 1,
        filter: "/FlateDecode",
        predictor: 15,
      })
      const { width: w, height: h, lum } = decodePng(img.png)
      expect([w, h]).toEqual([img.width, img.height])
      expect(decodeCode128(lum, w, h)).toBe(trackingNumber)

      // Drawn dot for dot at 203 dpi, inside the label area.
      const [placed] = imagePlacements(pdf)
      expect(placed.name).toBe(img.name)
      expect(placed.w).toBeCloseTo(img.width / DOTS_PER_PT, 3)
      expect(placed.h).toBeCloseTo(img.height / DOTS_PER_PT, 3)
      expect(placed.x).toBeGreaterThan(0)
      expect(placed.x + placed.w).toBeLessThan(width)
      expect(placed.top).toBeGreaterThan(0)
      // Letter sheets carry the label in the top half.
      expect(placed.top + placed.h).toBeLessThan(
        size === "DOC_8X11" ? height / 2 : height
      )
    }
  )

  it("defaults to DOC_4X6", async () => {
    const { pdf } = await render({ size: undefined })
    const { width, height } = pdf.getPage(0).getSize()
    expect([width, height]).toEqual([288, 432])
  })

  it("prints the carrier, service, addresses, tracking number, shipment facts and the sandbox marker", async () => {
    const { pdf } = await render({
      carrier: "CARRIER_A",
      serviceId: "NDA",
      reference: "PO-42",
      weightOz: 20,
    })
    const lines = pdfText(pdf)
    expect(lines).toEqual(
      expect.arrayContaining([
        SANDBOX_MARKER,
        "CARRIER_A NDA",
        "FROM:",
        "Acme Warehouse",
        "27 Waterview Drive",
        "Shelton, CT 06484",
        "SHIP TO:",
        "Jane Doe",
        "1 Main Street",
        "Apt 4B",
        "Springfield, IL 62701",
        "TRACKING #",
        "9400111899223344556677",
        "SHIPMENT: shp_01JTESTSHIPMENT0001",
        "WEIGHT: 20 OZ (1.25 LB)",
        "REF: PO-42",
      ])
    )
    expect(lines).not.toContain(CUSTOMS_TITLE)
    expect(lines).not.toContain(RETURN_BANNER)
  })

  it("adds the CN22 box for customs and the RETURN banner for return labels", async () => {
    const { pdf } = await render({ customs: true, returnLabel: true })
    const lines = pdfText(pdf)
    expect(lines).toContain(CUSTOMS_TITLE)
    expect(lines).toContain(RETURN_BANNER)
  })

  it("keeps Latin-1 letters (WinAnsi) and folds the rest", async () => {
    const { pdf } = await render({
      to: { name: "Zoë Müller", company: "Łódź Œuvre", countryCode: "PL" },
    })
    const lines = pdfText(pdf)
    expect(lines).toContain("Zoë Müller")
    expect(lines).toContain("Lodz OEuvre")
  })

  it("cuts an address line that does not fit instead of overflowing the label", async () => {
    const long = "Very Long Street Name ".repeat(8).trim()
    const { pdf } = await render({
      to: { name: "Jane Doe", addressLines: [long], countryCode: "US" },
    })
    const line = pdfText(pdf).find((l) => l.startsWith("Very Long"))
    expect(line).toBeDefined()
    expect(line!.endsWith("...")).toBe(true)
    expect(line!.length).toBeLessThan(long.length)
  })

  it("renders an alphanumeric tracking number", async () => {
    const { pdf } = await render({ trackingNumber: "1Z999AA10123456784" })
    const [img] = pdfImages(pdf)
    const { width, height, lum } = decodePng(img.png)
    expect(decodeCode128(lum, width, height)).toBe("1Z999AA10123456784")
  })
})
