import { PDFDocument } from "pdf-lib"
import { classifySelection, type SelectedOrder } from "../selection"
import { laneOf } from "../lane"
import { commercialInvoiceOf, packedLines, printOrderOf } from "../print-order"
import { batchCounts, batchFileName, batchView, type BatchRow } from "../views"
import { awaitingOrderView, labelledOrderView } from "../ready-view"
import { labelInLayout } from "../relayout"
import { fulfillmentDocumentsOf } from "../fulfillment-documents"

const order = (over: Partial<SelectedOrder> = {}): SelectedOrder => ({
  order_id: "order_1",
  display_id: 1,
  found: true,
  ours: true,
  canceled: false,
  unfulfilled: 2,
  labels: 0,
  in_batch: null,
  ...over,
})

describe("classifySelection", () => {
  it("takes shippable orders in the selection's order, once each", () => {
    const out = classifySelection(
      [
        order({ order_id: "a" }),
        order({ order_id: "b" }),
        order({ order_id: "a" }),
      ],
      "buy"
    )
    expect(out.accepted.map((o) => o.order_id)).toEqual(["a", "b"])
    expect(out.refused).toEqual([])
  })

  it("refuses, naming why: unknown, another provider, canceled, in a running batch, already labelled, nothing to ship", () => {
    const out = classifySelection(
      [
        order({ order_id: "missing", found: false }),
        order({ order_id: "manual", ours: false }),
        order({ order_id: "canceled", canceled: true }),
        order({ order_id: "busy", in_batch: "ssbat_1" }),
        order({ order_id: "labelled", unfulfilled: 0, labels: 1 }),
        order({ order_id: "empty", unfulfilled: 0, labels: 0 }),
      ],
      "buy"
    )
    expect(out.accepted).toEqual([])
    expect(
      Object.fromEntries(out.refused.map((r) => [r.order_id, r.reason]))
    ).toEqual({
      missing: "no such order",
      manual:
        "its shipping method uses another provider: the plugin cannot ship it",
      canceled: "the order is canceled",
      busy: "it is in batch ssbat_1, which is still running",
      labelled: "already labelled (print it from “Labelled, not printed”)",
      empty: "nothing left to ship",
    })
  })

  it("prints only labelled orders", () => {
    const out = classifySelection(
      [
        order({ order_id: "a", labels: 1, unfulfilled: 0 }),
        order({ order_id: "b" }),
      ],
      "print"
    )
    expect(out.accepted.map((o) => o.order_id)).toEqual(["a"])
    expect(out.refused).toEqual([
      {
        order_id: "b",
        display_id: 1,
        reason: "no label yet: buy its label first",
      },
    ])
  })
})

describe("laneOf", () => {
  it("is cross-border for the cross-border variant or a destination abroad", () => {
    expect(laneOf("cross-border", "US", "US")).toBe("cross-border")
    expect(laneOf("expedited", "gb", "US")).toBe("cross-border")
    expect(laneOf("expedited", "us", "US")).toBe("domestic")
    expect(laneOf("standard", undefined, "US")).toBe("domestic")
  })
})

const address = {
  name: "Ada",
  addressLines: ["1 Main St"],
  cityTown: "New York",
  stateProvince: "NY",
  postalCode: "10001",
  countryCode: "US",
} as any
const customs = (description: string, hs: string) => ({
  customs: {
    customsInfo: {
      currencyCode: "USD",
      reasonForExport: "MERCHANDISE",
      invoiceNumber: "7",
    },
    customsItems: [
      {
        description,
        quantity: 1,
        unitPrice: 10,
        hSTariffCode: hs,
        originCountryCode: "PT",
      },
    ],
  },
  fromAddress: { ...address, name: "Shop" },
  toAddress: address,
})

describe("printOrderOf", () => {
  const lines = [
    {
      id: "li_1",
      title: "Shirt",
      product_title: "Medusa T-Shirt",
      variant_title: "L",
      variant_sku: "SHIRT-L",
      quantity: 3,
    },
    { id: "li_2", title: "Mug", variant_sku: "MUG", quantity: 1 },
  ]

  it("puts labels in parcel order, ZPL apart, the parcels' lines on the slip and one invoice of every parcel's customs", () => {
    const pdfPage = new Uint8Array([1])
    const zplPage = new Uint8Array([2])
    const { pdf, zpl } = printOrderOf({
      orderId: "order_1",
      displayId: 7,
      shippingAddress: address,
      lines,
      labels: [
        {
          id: "s2",
          parcel_index: 1,
          label_format: "ZPL2",
          label_size: "DOC_4X6",
          pages: [zplPage],
          parcel: { items: [{ line_item_id: "li_1", quantity: 1 }] },
          customs: customs("Shirt", "610910"),
          tracking_number: "T2",
        },
        {
          id: "s1",
          parcel_index: 0,
          label_format: "PDF",
          label_size: "DOC_4X6",
          pages: [pdfPage],
          parcel: { items: [{ line_item_id: "li_1", quantity: 2 }] },
          customs: customs("Shirt", "610910"),
          tracking_number: "T1",
        },
      ],
    })
    expect(pdf.labels).toEqual([
      {
        format: "PDF",
        size: "DOC_4X6",
        pages: [pdfPage],
        trackingNumber: "T1",
      },
    ])
    expect(zpl?.labels).toEqual([
      {
        format: "ZPL2",
        size: "DOC_4X6",
        pages: [zplPage],
        trackingNumber: "T2",
      },
    ])
    expect(pdf.items).toEqual([
      {
        title: "Medusa T-Shirt",
        variantTitle: "L",
        sku: "SHIRT-L",
        quantity: 3,
      },
    ])
    expect(pdf.commercialInvoice?.customs.customsItems).toHaveLength(2)
    expect(pdf.commercialInvoice).toMatchObject({
      trackingNumber: "T1",
      recipient: address,
    })
  })

  it("lists every line of the order when no parcel says what it holds, and no invoice without customs", () => {
    expect(packedLines(lines, [{ parcel: null }])).toEqual([
      {
        title: "Medusa T-Shirt",
        variantTitle: "L",
        sku: "SHIRT-L",
        quantity: 3,
      },
      { title: "Mug", variantTitle: null, sku: "MUG", quantity: 1 },
    ])
    expect(commercialInvoiceOf([{ customs: null }])).toBeNull()
  })
})

describe("batch views", () => {
  const batch: BatchRow = {
    id: "ssbat_01ABC",
    status: "done",
    mode: "buy",
    layout: "4x6",
    packing_slips: true,
    commercial_invoices: true,
    separate: false,
    files: [
      {
        kind: "combined",
        document_id: "d",
        file_name: "batch-01ABC.pdf",
        mime_type: "application/pdf",
        pages: 2,
        documents: 2,
        size: 10,
        layout: "4x6",
      },
    ],
  }

  it("counts done, failed and waiting and gives the service's words of a failure", () => {
    const counts = batchCounts(["done", "failed", "waiting", "running", "done"])
    expect(counts).toEqual({
      total: 5,
      done: 2,
      failed: 1,
      waiting: 1,
      running: 1,
    })
    const view = batchView(batch, counts, [
      {
        id: "i2",
        position: 1,
        order_id: "o2",
        status: "failed",
        error: {
          message: "ADDRESS_INVALID: the postal code does not match",
          status: 400,
        },
        attempts: 1,
      },
      {
        id: "i1",
        position: 0,
        order_id: "o1",
        status: "done",
        shipment_ids: { ids: ["s1", "s2"] },
      },
    ])
    expect(view.items?.map((i) => [i.order_id, i.labels, i.error])).toEqual([
      ["o1", 2, null],
      ["o2", 0, "ADDRESS_INVALID: the postal code does not match"],
    ])
    expect(view.files[0].download_url).toBe(
      "/admin/shipping-services/batches/ssbat_01ABC/files/combined"
    )
  })

  it("names the service bought per label of a rate-shopping option; none otherwise", () => {
    const items = [
      {
        id: "i1",
        order_id: "o1",
        status: "done" as const,
        shipment_ids: { ids: ["s1", "s2"] },
      },
      {
        id: "i2",
        order_id: "o2",
        status: "done" as const,
        shipment_ids: { ids: ["s3"] },
      },
    ]
    const bought = new Map([
      ["s1", "UGA"],
      ["s2", "PM"],
    ])
    const view = batchView(batch, batchCounts(["done", "done"]), items, bought)
    expect(view.items?.map((i) => i.services)).toEqual([["UGA", "PM"], null])
    expect(
      batchView(batch, batchCounts(["done"]), items).items?.[0]?.services
    ).toBeNull()
  })

  it("names print files after the batch", () => {
    expect(batchFileName("ssbat_01ABC", "combined")).toBe("batch-01ABC.pdf")
    expect(batchFileName("ssbat_01ABC", "packing-slips")).toBe(
      "batch-01ABC-packing-slips.pdf"
    )
    expect(batchFileName("ssbat_01ABC", "zpl")).toBe("batch-01ABC.zpl")
  })

  it("says why an order waits on Ready to ship", () => {
    const name = (id: string | null | undefined) =>
      id === "postal-ground" ? "Ground" : null
    expect(
      awaitingOrderView(
        {
          order_id: "o",
          status: "manual",
          option_id: "postal-ground",
          lane: "domestic",
        },
        undefined,
        name
      )
    ).toMatchObject({
      state: "manual",
      reason: "Automatic fulfillment was off when it was placed",
      service: { id: "postal-ground", name: "Ground" },
    })
    expect(
      awaitingOrderView(
        {
          order_id: "o",
          status: "failed",
          last_error: { message: "The service said no" },
        },
        undefined,
        name
      ).reason
    ).toBe("The service said no")
    expect(
      awaitingOrderView(
        { order_id: "o", status: "held", held_at: "2026-11-23T10:00:00Z" },
        undefined,
        name
      ).reason
    ).toBe("Held by an admin since 2026-11-23 10:00 UTC")
    expect(
      labelledOrderView(
        {
          order_id: "o",
          option_id: "x",
          variant: "expedited",
          customs: { customs: {} },
          tracking_number: "T",
        },
        {
          shipping_address: {
            first_name: "Ada",
            city: "London",
            country_code: "gb",
          },
        },
        name
      )
    ).toMatchObject({
      lane: "cross-border",
      customer: "Ada",
      destination: "London, GB",
      state: "labelled",
    })
  })
})

/** A one-page 4x6 PDF label, as the service sends it. */
async function pdfLabel(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.addPage([288, 432]).drawText("LABEL", { x: 20, y: 400 })
  return doc.save()
}

describe("labelInLayout (a reprint in another size)", () => {
  it("places a 4x6 label on half an A4 sheet", async () => {
    const bytes = await labelInLayout(
      {
        format: "PDF",
        size: "DOC_4X6",
        pages: [await pdfLabel()],
        trackingNumber: "T1",
      },
      "a4-2up"
    )
    const pdf = await PDFDocument.load(bytes!)
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 })
  })

  it("has no other size for a ZPL label (a printer program)", async () => {
    expect(
      await labelInLayout(
        { format: "ZPL2", pages: [new TextEncoder().encode("^XA^XZ")] },
        "4x6"
      )
    ).toBeNull()
  })
})

describe("fulfillmentDocumentsOf (Medusa's document hooks)", () => {
  it("gives the labels as made, a packing slip and, with customs, a commercial invoice", async () => {
    const docs = await fulfillmentDocumentsOf(
      {
        orderId: "order_1",
        displayId: 12,
        shippingAddress: address,
        lines: [{ id: "li", title: "Shirt", quantity: 1 }],
        labels: [
          {
            id: "s1",
            label_format: "PDF",
            tracking_number: "LX1US",
            pages: [await pdfLabel()],
            customs: customs("Shirt", "610910"),
          },
        ],
      },
      ["label", "packing_slip", "commercial_invoice"],
      "4x6"
    )
    expect(docs.map((d) => [d.type, d.file_name, d.mime_type])).toEqual([
      ["label", "label-LX1US.pdf", "application/pdf"],
      ["packing_slip", "packing-slip-12.pdf", "application/pdf"],
      ["commercial_invoice", "commercial-invoice-12.pdf", "application/pdf"],
    ])
    for (const d of docs)
      expect(Buffer.from(d.content, "base64").subarray(0, 5).toString()).toBe(
        "%PDF-"
      )
  })
})
