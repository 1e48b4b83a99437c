import { PNG } from "pngjs"
import {
  decodePDFRawStream,
  degrees,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  rgb,
} from "pdf-lib"
import {
  crossBorderOrderOf,
  labelFile,
  labelOf,
  orderOf,
  trackingNumberOf,
} from "../../../../dev/fixtures/print-orders"
import { encodeCode128 } from "../code128"
import { PrintInputError } from "../errors"
import { buildPrintFiles, createPrintBatch } from "../print-batch"
import type { PrintLayout } from "../layouts"
import type { PrintOptions, PrintOrder } from "../types"
import {
  barcodeRects,
  contentOf,
  loadPdf,
  nameAt,
  numberAt,
  pageSizes,
  round,
  textOf,
  xobjectsOf,
} from "./pdf-inspect"

// Parsing and writing PDFs is quick alone but shares 2 cores with the other suites.
jest.setTimeout(20_000)

const LABELS_ONLY = {
  labels: true,
  packingSlips: false,
  commercialInvoices: false,
}
const EVERYTHING = {
  labels: true,
  packingSlips: true,
  commercialInvoices: true,
}

async function onlyFile(
  orders: PrintOrder[],
  options: PrintOptions
): Promise<PDFDocument> {
  const result = await buildPrintFiles(orders, options)
  expect(result.files).toHaveLength(1)
  return loadPdf(result.files[0].bytes)
}

describe("labels per layout", () => {
  const orders = [0, 1, 2, 3, 4].map((i) => orderOf(i, [labelOf(i, "PDF")]))

  it.each([
    ["4x6", 5, [288, 432]],
    ["letter-2up", 3, [612, 792]],
    ["letter-4up", 2, [612, 792]],
    ["a4-2up", 3, [595.28, 841.89]],
    ["a4-4up", 2, [595.28, 841.89]],
  ] as Array<[PrintLayout, number, [number, number]]>)(
    "%s: 5 labels on %d pages of %j pt",
    async (layout, pages, size) => {
      const result = await buildPrintFiles(orders, {
        layout,
        include: LABELS_ONLY,
      })
      const [file] = result.files
      expect(file).toMatchObject({
        kind: "combined",
        contentType: "application/pdf",
        pageCount: pages,
        documentCount: 5,
      })
      const doc = await loadPdf(file.bytes)
      expect(pageSizes(doc)).toEqual(Array(pages).fill(size))
      const painted = doc.getPages().flatMap((p) => xobjectsOf(p))
      expect(painted).toHaveLength(5)
    }
  )

  it("a PDF label lands on a 4x6 page as its own page, full size, its text and barcode image kept", async () => {
    const doc = await onlyFile([orderOf(7, [labelOf(7, "PDF")])], {
      layout: "4x6",
      include: LABELS_ONLY,
    })
    const [form] = xobjectsOf(doc.getPage(0))
    expect(form.subtype).toBe("Form")
    expect(form.matrix).toEqual([1, 0, 0, 1, 0, 0])
    expect(form.dict.lookup(PDFName.of("BBox"))!.toString()).toBe(
      "[ 0 0 288 432 ]"
    )
    // The form carries the label's own content and resources: the tracking number as text, the
    // barcode as the label's 1-bit image.
    const labelContent = Buffer.from(decodeForm(form.stream)).toString("latin1")
    expect(labelContent).toMatch(/\] TJ/)
    expect(labelContent).toMatch(/\/\S+ Do/)
    const resources = form.dict.lookup(PDFName.of("Resources"), PDFDict)
    expect(
      resources.lookup(PDFName.of("Font"), PDFDict).keys().length
    ).toBeGreaterThan(0)
    const [imageName] = resources.lookup(PDFName.of("XObject"), PDFDict).keys()
    expect(labelContent).toContain(`${imageName.toString()} Do`)
  })

  it("a 4x6 label is turned a quarter on a half sheet and shrunk upright on a quarter sheet", async () => {
    const two = await onlyFile([orderOf(1, [labelOf(1, "PDF")])], {
      layout: "letter-2up",
      include: LABELS_ONLY,
    })
    const [a] = xobjectsOf(two.getPage(0))
    expect(a.matrix.slice(0, 4)).toEqual([0, -1, 1, 0])
    const four = await onlyFile([orderOf(1, [labelOf(1, "PDF")])], {
      layout: "letter-4up",
      include: LABELS_ONLY,
    })
    const [b] = xobjectsOf(four.getPage(0))
    expect(b.matrix[1]).toBe(0)
    expect(b.matrix[2]).toBe(0)
    expect(round(b.matrix[0], 4)).toBe(round(b.matrix[3], 4)) // no distortion
    expect(b.matrix[0]).toBeLessThan(1)
  })

  it("shows a label PDF's /Rotate and places every page of a multi-page label", async () => {
    const src = await PDFDocument.create()
    for (const color of [rgb(1, 0, 0), rgb(0, 0, 1)]) {
      const page = src.addPage([432, 288]) // landscape, shown turned to portrait
      page.setRotation(degrees(90))
      page.drawRectangle({ x: 10, y: 10, width: 50, height: 50, color })
    }
    const label = { format: "PDF" as const, pages: [await src.save()] }
    const doc = await onlyFile([orderOf(1, [label])], {
      layout: "4x6",
      include: LABELS_ONLY,
    })
    expect(doc.getPageCount()).toBe(2)
    const [form] = xobjectsOf(doc.getPage(0))
    expect(form.matrix).toEqual([0, -1, 1, 0, 0, 432])
  })

  it("embeds a PNG label as it is (1-bit gray, PNG predictors), full size on a 4x6 page", async () => {
    const file = labelFile(2, "PNG")
    const doc = await onlyFile(
      [orderOf(2, [{ format: "PNG", size: "DOC_4X6", pages: [file] }])],
      { layout: "4x6", include: LABELS_ONLY }
    )
    const [image] = xobjectsOf(doc.getPage(0))
    expect(image.subtype).toBe("Image")
    expect(numberAt(image.dict, "BitsPerComponent")).toBe(1)
    expect(nameAt(image.dict, "ColorSpace")).toBe("DeviceGray")
    expect(
      image.dict.lookup(PDFName.of("DecodeParms"), PDFDict).toString()
    ).toMatch(/\/Predictor 15/)
    expect(image.matrix.map((n) => Math.round(n))).toEqual([
      288, 0, 0, 432, 0, 0,
    ])
  })

  it("embeds a PNG with alpha through pdf-lib's decoder", async () => {
    const img = new PNG({ width: 203, height: 203 })
    img.data.fill(200)
    const doc = await onlyFile(
      [
        orderOf(2, [
          { format: "PNG", pages: [new Uint8Array(PNG.sync.write(img))] },
        ]),
      ],
      { layout: "4x6", include: LABELS_ONLY }
    )
    const [image] = xobjectsOf(doc.getPage(0))
    expect(image.subtype).toBe("Image")
    expect(image.dict.get(PDFName.of("SMask"))).toBeDefined()
    expect(image.matrix.map((n) => Math.round(n))).toEqual([
      72, 0, 0, 72, 108, 180,
    ])
  })

  it("converts a QR code GIF into an image on a page of its own, captioned with order and tracking number", async () => {
    const doc = await onlyFile(
      [orderOf(3, [labelOf(3, "PDF"), labelOf(3, "GIF")])],
      { layout: "4x6", include: LABELS_ONLY }
    )
    expect(doc.getPageCount()).toBe(2)
    const [qr] = xobjectsOf(doc.getPage(1))
    expect(qr.subtype).toBe("Image")
    expect(nameAt(qr.dict, "ColorSpace")).toBe("DeviceGray")
    expect(qr.matrix[0]).toBeLessThan(144) // printed at 203 dpi, not blown up
    expect(textOf(doc.getPage(1))).toBe(
      `QR code - order #1003\nTracking ${trackingNumberOf(3)}`
    )
  })

  it("refuses a ZPL label in a PDF batch by its format, and a damaged PDF by its page", async () => {
    const batch = createPrintBatch({ layout: "4x6", include: LABELS_ONLY })
    const zpl = await batch
      .add(orderOf(1, [labelOf(1, "ZPL2")]))
      .catch((e) => e)
    expect(zpl).toBeInstanceOf(PrintInputError)
    expect(zpl.field).toBe("labels[0].format")
    expect(zpl.message).toMatch(/ZPL2: ZPL labels .* cannot be placed in a PDF/)
    const broken = await batch
      .add(
        orderOf(2, [
          {
            format: "PDF",
            pages: [new TextEncoder().encode("%PDF-1.7 garbage")],
          },
        ])
      )
      .catch((e) => e)
    expect(broken.field).toBe("labels[0].pages[0]")
    expect(broken.orderId).toBe(orderOf(2, []).orderId)
    expect(broken.message).toMatch(/is not a readable PDF/)
  })
})

function decodeForm(stream: PDFRawStream): Uint8Array {
  return decodePDFRawStream(stream).decode()
}

describe("packing slips", () => {
  it("show the order number as text and as Code 128 bars, the address and every SKU with its quantity", async () => {
    const order = orderOf(1, [], {
      items: [
        {
          title: "Organic cotton T-shirt",
          variantTitle: "M / Black",
          sku: "TSHIRT-M-BLK",
          quantity: 2,
        },
        { title: "Canvas tote bag", sku: "TOTE-NAT", quantity: 1 },
        { title: "Gift card", sku: null, quantity: 3 },
      ],
    })
    const doc = await onlyFile([order], {
      layout: "4x6",
      include: { labels: false, packingSlips: true, commercialInvoices: false },
    })
    expect(pageSizes(doc)).toEqual([[288, 432]])
    const page = doc.getPage(0)
    const text = textOf(page)
    for (const expected of [
      "PACKING SLIP",
      "#1001",
      "1001",
      "SHIP TO",
      "Zoë Ünal",
      "Springfield, IL 62702",
      "TSHIRT-M-BLK",
      "TOTE-NAT",
      "Organic cotton T-shirt - M / Black",
      "Gift card",
      "3 lines, 6 units",
    ]) {
      expect(text).toContain(expected)
    }
    // Quantities are printed in the QTY column.
    expect(textOfLines(text)).toEqual(expect.arrayContaining(["2", "1", "3"]))
    // The bars drawn are the encoder's bars for "1001", module by module.
    const [bars] = barcodeRects(page)
    const symbol = encodeCode128("1001")
    const module = bars[0][2] / symbol.widths[0]
    const widths: number[] = []
    bars.forEach(([x, , w], k) => {
      if (k > 0)
        widths.push(Math.round((x - bars[k - 1][0] - bars[k - 1][2]) / module))
      widths.push(Math.round(w / module))
    })
    expect(widths).toEqual(symbol.widths)
    expect(module).toBeGreaterThanOrEqual(1) // 1.2 pt, ~17 mil
  })

  it("continue on further pages when the items do not fit, each page numbered", async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({
      title: `Item ${i + 1}`,
      sku: `SKU-${i + 1}`,
      quantity: 1,
    }))
    const doc = await onlyFile([orderOf(1, [], { items })], {
      layout: "4x6",
      include: { labels: false, packingSlips: true, commercialInvoices: false },
    })
    expect(doc.getPageCount()).toBeGreaterThan(1)
    const all = doc.getPages().map(textOf).join("\n")
    for (let i = 1; i <= 40; i++) expect(textOfLines(all)).toContain(`SKU-${i}`)
    expect(all).toContain(`Page ${doc.getPageCount()} of ${doc.getPageCount()}`)
    expect(textOf(doc.getPage(1))).toContain("PACKING SLIP #1001 (continued)")
  })

  it("refuses a display id the barcode cannot carry", async () => {
    const batch = createPrintBatch({
      layout: "4x6",
      include: { labels: false, packingSlips: true, commercialInvoices: false },
    })
    const err = await batch
      .add(orderOf(1, [], { displayId: "Nº 7" }))
      .catch((e) => e)
    expect(err.field).toBe("displayId")
  })
})

function textOfLines(text: string): string[] {
  return text.split("\n")
}

describe("commercial invoices", () => {
  it("list the request's customs items with HS code, origin, quantity and value, and add them up", async () => {
    const order = crossBorderOrderOf(3, [])
    const doc = await onlyFile([order], {
      layout: "letter-4up",
      include: { labels: false, packingSlips: false, commercialInvoices: true },
    })
    // A whole Letter sheet, not a cell.
    expect(pageSizes(doc)).toEqual([[612, 792]])
    const lines = textOfLines(textOf(doc.getPage(0)))
    for (const expected of [
      "COMMERCIAL INVOICE",
      "INV-1003",
      "2025-05-02",
      "#1003",
      "USD",
      "MERCHANDISE",
      "Acme Warehouse",
      "Zoë Ünal",
      "Hauptstraße 5",
      "Cotton T-shirt, knitted",
      "6109.10",
      "4202.22",
      "CN",
      "19.99",
      "59.97",
      "12.50",
      "Total value (USD):",
      "72.47",
      "0.9 KG",
    ]) {
      expect(lines.some((l) => l.includes(expected))).toBe(true)
    }
    expect(lines[lines.indexOf("Total quantity:") + 1]).toBe("4")
    expect(lines[lines.indexOf("Total value (USD):") + 1]).toBe("72.47")
  })

  it("on a 4x6 printer the invoice is 4x6 pages", async () => {
    const doc = await onlyFile([crossBorderOrderOf(3, [])], {
      layout: "4x6",
      include: { labels: false, packingSlips: false, commercialInvoices: true },
    })
    expect(pageSizes(doc)[0]).toEqual([288, 432])
    expect(textOf(doc.getPage(doc.getPageCount() - 1))).toContain("72.47")
  })

  it("are printed only for orders that carry customs", async () => {
    const result = await buildPrintFiles([orderOf(1, [])], {
      layout: "4x6",
      include: { labels: false, packingSlips: false, commercialInvoices: true },
    })
    expect(result.files).toEqual([])
  })
})

describe("combined and separate files", () => {
  const orders = () => [
    crossBorderOrderOf(1, ["PDF"]),
    orderOf(2, [labelOf(2, "PNG")]),
  ]
  const kindOf = (doc: PDFDocument, i: number) => {
    const text = textOf(doc.getPage(i))
    return text.includes("COMMERCIAL INVOICE")
      ? "invoice"
      : text.includes("PACKING SLIP")
        ? "slip"
        : xobjectsOf(doc.getPage(i)).length
          ? "label"
          : "?"
  }

  it("interleave per order: its labels, its packing slip, its invoice", async () => {
    const doc = await onlyFile(orders(), { layout: "4x6", include: EVERYTHING })
    const kinds = doc.getPages().map((_, i) => kindOf(doc, i))
    expect(kinds).toEqual(["label", "slip", "invoice", "label", "slip"])
  })

  it("or one file per kind of document, in order", async () => {
    const result = await buildPrintFiles(orders(), {
      layout: "a4-4up",
      include: EVERYTHING,
      separate: true,
      title: "batch_01",
    })
    expect(
      result.files.map((f) => [f.kind, f.pageCount, f.documentCount])
    ).toEqual([
      ["labels", 1, 2],
      ["packing-slips", 1, 2],
      ["commercial-invoices", 1, 1],
    ])
    const labels = await loadPdf(result.files[0].bytes)
    expect(labels.getTitle()).toBe("Shipping labels - batch_01")
    expect(result.orderCount).toBe(2)
  })

  it("office sheets get dashed cut guides between cells; 4x6 pages none", async () => {
    const sheet = await onlyFile(orders(), {
      layout: "letter-4up",
      include: LABELS_ONLY,
    })
    expect(contentOf(sheet.getPage(0))).toMatch(/\[4 4\] 0 d/)
    const thermal = await onlyFile(orders(), {
      layout: "4x6",
      include: LABELS_ONLY,
    })
    expect(contentOf(thermal.getPage(0))).not.toMatch(/\] 0 d/)
  })
})

describe("text safety", () => {
  it("prints any customer's name and address without throwing", async () => {
    const order = orderOf(1, [], {
      shippingAddress: {
        name: "李雷 😀 Zoë Ünal",
        company: "Ооо «Ромашка»\u0000\n",
        addressLines: ["Straße 1\u200b", "👩‍👩‍👧 Flat 2"],
        cityTown: "Zürich",
        postalCode: "8001",
        countryCode: "CH",
      },
      items: [
        {
          title: "Tee 👕 – ☃ edition",
          variantTitle: "Größe L",
          sku: "SKU-ü-1",
          quantity: 1,
        },
      ],
    })
    const doc = await onlyFile([order], {
      layout: "4x6",
      include: { labels: false, packingSlips: true, commercialInvoices: false },
    })
    const text = textOf(doc.getPage(0))
    expect(text).toContain("?? ? Zoë Ünal")
    expect(text).toContain("Ooo «Romashka»")
    expect(text).toContain("? Flat 2")
    expect(text).toContain("Tee ? – ? edition - Größe L")
  })
})

describe("options and bad input", () => {
  it("refuses unknown layouts and empty selections by name", () => {
    expect(() =>
      createPrintBatch({ layout: "legal" as never, include: LABELS_ONLY })
    ).toThrow(/^layout must be one of/)
    expect(() =>
      createPrintBatch({
        layout: "4x6",
        include: {
          labels: false,
          packingSlips: false,
          commercialInvoices: false,
        },
      })
    ).toThrow(/include must select at least one/)
  })

  it("an order that fails changes nothing: the file holds exactly the orders that were added", async () => {
    const batch = createPrintBatch({ layout: "4x6", include: EVERYTHING })
    await batch.add(orderOf(1, [labelOf(1, "PDF")]))
    // The first label is good, the second is not: neither goes in, nor the slip.
    const bad = orderOf(2, [
      labelOf(2, "PDF"),
      { format: "PNG", pages: [labelFile(2, "PDF")] },
    ])
    await expect(batch.add(bad)).rejects.toMatchObject({
      field: "labels[1].pages[0]",
    })
    await expect(
      batch.add(orderOf(3, [], { items: [{ title: "x", quantity: -1 }] }))
    ).rejects.toMatchObject({ field: "items[0].quantity" })
    await batch.add(orderOf(4, [labelOf(4, "PNG")]))
    const result = await batch.finish()
    expect(result.orderCount).toBe(2)
    const doc = await loadPdf(result.files[0].bytes)
    expect(doc.getPageCount()).toBe(4)
    expect(textOf(doc.getPage(1))).toContain("#1001")
    expect(textOf(doc.getPage(3))).toContain("#1004")
  })

  it("overlapping add calls keep their call order; finish closes the batch", async () => {
    const batch = createPrintBatch({
      layout: "4x6",
      include: { labels: false, packingSlips: true, commercialInvoices: false },
    })
    await Promise.all([1, 2, 3].map((i) => batch.add(orderOf(i, []))))
    const result = await batch.finish()
    const doc = await loadPdf(result.files[0].bytes)
    expect(
      doc.getPages().map((p) =>
        textOf(p)
          .split("\n")
          .find((l) => l.startsWith("#"))
      )
    ).toEqual(["#1001", "#1002", "#1003"])
    await expect(batch.add(orderOf(4, []))).rejects.toThrow(/already finished/)
  })
})
