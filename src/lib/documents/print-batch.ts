import { PDFDocument, StandardFonts } from "pdf-lib"
import { layoutCommercialInvoice } from "./commercial-invoice"
import {
  drawOps,
  drawXObject,
  measureWith,
  type DrawOp,
  type Measure,
} from "./draw"
import { PrintInputError } from "./errors"
import { orderLabel } from "./format"
import { prepareLabelFile, type PreparedLabelPage } from "./label-pages"
import { pageArea, sheetLayout, type Rect, type SheetLayout } from "./layouts"
import { layoutPackingSlip, orderBarcode, type Box } from "./packing-slip"
import { fitInto, type Matrix } from "./placement"
import { SheetWriter } from "./sheets"
import { printable } from "./text"
import type {
  PrintFile,
  PrintFileKind,
  PrintOptions,
  PrintOrder,
  PrintResult,
} from "./types"
import { checkPrintOptions, checkPrintOrder } from "./validate"

/** One order at a time, so the caller can drop each order's labels: only the output PDF grows. */
export interface PrintBatch {
  /** Calls may overlap but run in order; a PrintInputError leaves the batch as it was. */
  add(order: PrintOrder): Promise<void>
  /** The batch takes no orders afterwards. */
  finish(): Promise<PrintResult>
}

/** Between a label and the cut guides of an office sheet. */
const CELL_INSET = 4
const CAPTION_HEIGHT = 30

const TITLES: Record<PrintFileKind, string> = {
  combined: "Shipping documents",
  labels: "Shipping labels",
  "packing-slips": "Packing slips",
  "commercial-invoices": "Commercial invoices",
}

interface PreparedOrder {
  labels: PreparedLabelPage[]
  slip: DrawOp[][]
  invoice: DrawOp[][]
}

function inset(cell: Rect, by: number): Rect {
  return {
    x: cell.x + by,
    y: cell.y + by,
    w: cell.w - 2 * by,
    h: cell.h - 2 * by,
  }
}

/** An image XObject spans the unit square: scale it to its printed size. */
function contentMatrix(page: PreparedLabelPage, m: Matrix): Matrix {
  return page.image
    ? [
        m[0] * page.width,
        m[1] * page.width,
        m[2] * page.height,
        m[3] * page.height,
        m[4],
        m[5],
      ]
    : m
}

class Batch implements PrintBatch {
  private readonly sheet: SheetLayout
  private readonly writers = new Map<PrintFileKind, SheetWriter>()
  private tail: Promise<void> = Promise.resolve()
  private measure: Measure | undefined
  private orders = 0
  private finished = false

  constructor(private readonly options: PrintOptions) {
    this.sheet = sheetLayout(options.layout)
  }

  add(order: PrintOrder): Promise<void> {
    const run = this.tail.then(() => this.addNow(order))
    this.tail = run.catch(() => undefined)
    return run
  }

  async finish(): Promise<PrintResult> {
    await this.tail
    if (this.finished) throw new Error("this print batch is already finished")
    this.finished = true
    const files: PrintFile[] = []
    for (const kind of Object.keys(TITLES) as PrintFileKind[]) {
      const writer = this.writers.get(kind)
      if (!writer || writer.pageCount === 0) continue
      const title = this.options.title
        ? `${TITLES[kind]} - ${printable(this.options.title)}`
        : TITLES[kind]
      const pageCount = writer.pageCount
      files.push({
        kind,
        contentType: "application/pdf",
        bytes: await writer.save(title),
        pageCount,
        documentCount: writer.documentCount,
      })
    }
    this.writers.clear()
    return { files, orderCount: this.orders }
  }

  private async addNow(order: PrintOrder): Promise<void> {
    if (this.finished) throw new Error("this print batch is already finished")
    const prepared = await this.prepare(order)
    // From here on nothing reads the order's input again and nothing can fail on it.
    await this.commit(order, prepared)
    this.orders++
  }

  private async measurer(): Promise<Measure> {
    if (!this.measure) {
      // Standard fonts' widths are fixed, so any document's instances measure for all.
      const doc = await PDFDocument.create()
      this.measure = measureWith({
        regular: doc.embedStandardFont(StandardFonts.Helvetica),
        bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
      })
    }
    return this.measure
  }

  private cellBox(): Box {
    const cell = cellsBox(this.sheet)
    return { w: cell.w, h: cell.h }
  }

  private async prepare(order: PrintOrder): Promise<PreparedOrder> {
    const { include } = this.options
    checkPrintOrder(order, {
      labels: include.labels,
      invoice: include.commercialInvoices,
    })
    const measure = await this.measurer()
    const labels: PreparedLabelPage[] = []
    if (include.labels) {
      for (const [i, label] of order.labels.entries()) {
        if (label.format === "ZPL2") {
          throw new PrintInputError(
            `labels[${i}].format`,
            "is ZPL2: ZPL labels go to the printer as text and cannot be placed in a PDF (build the ZPL file)",
            order.orderId
          )
        }
        for (const [j, file] of label.pages.entries()) {
          try {
            labels.push(...(await prepareLabelFile(label, file)))
          } catch (err) {
            throw new PrintInputError(
              `labels[${i}].pages[${j}]`,
              (err as Error).message,
              order.orderId
            )
          }
        }
      }
    }
    let slip: DrawOp[][] = []
    if (include.packingSlips) {
      let symbol
      try {
        symbol = orderBarcode(order)
      } catch {
        throw new PrintInputError(
          "displayId",
          "must be ASCII text to be printed as a Code 128 barcode",
          order.orderId
        )
      }
      slip = layoutPackingSlip(order, this.cellBox(), measure, symbol)
    }
    let invoice: DrawOp[][] = []
    if (include.commercialInvoices && order.commercialInvoice) {
      const area =
        this.sheet.columns * this.sheet.rows === 1
          ? this.cellBox()
          : pageArea(this.sheet)
      invoice = layoutCommercialInvoice(
        order,
        { w: area.w, h: area.h },
        measure
      )
    }
    return { labels, slip, invoice }
  }

  private async writer(kind: PrintFileKind): Promise<SheetWriter> {
    const key = this.options.separate ? kind : "combined"
    let writer = this.writers.get(key)
    if (!writer) {
      writer = await SheetWriter.create(this.sheet)
      this.writers.set(key, writer)
    }
    return writer
  }

  private async commit(
    order: PrintOrder,
    prepared: PreparedOrder
  ): Promise<void> {
    // Writers first: the only awaits of the commit, before any page is added.
    const labelWriter = prepared.labels.length
      ? await this.writer("labels")
      : undefined
    const slipWriter = prepared.slip.length
      ? await this.writer("packing-slips")
      : undefined
    const invoiceWriter = prepared.invoice.length
      ? await this.writer("commercial-invoices")
      : undefined
    const padding = this.sheet.columns * this.sheet.rows > 1 ? CELL_INSET : 0

    for (const label of prepared.labels) {
      const w = labelWriter!
      const { page, cell } = w.nextCell()
      const ref = label.embed(w.doc)
      if (label.kind === "qr-code") {
        const area = inset(cell, padding)
        const qrArea = {
          ...area,
          y: area.y + CAPTION_HEIGHT,
          h: area.h - CAPTION_HEIGHT,
        }
        const placed = fitInto(label.width, label.height, qrArea, {
          maxScale: 1,
        })
        drawXObject(page, ref, contentMatrix(label, placed.matrix))
        drawOps(
          page,
          qrCaption(order, label, area.w, this.measure!),
          { x: area.x, y: placed.box.y - CAPTION_HEIGHT },
          w.fonts
        )
      } else {
        // Never enlarged: carriers specify label barcodes at print size.
        const placed = fitInto(
          label.width,
          label.height,
          inset(cell, padding),
          { rotation: label.rotation, maxScale: 1, allowTurn: true }
        )
        drawXObject(page, ref, contentMatrix(label, placed.matrix))
      }
    }
    for (const ops of prepared.slip) {
      const { page, cell } = slipWriter!.nextCell()
      const box = inset(cell, padding)
      drawOps(page, ops, { x: box.x, y: box.y }, slipWriter!.fonts)
    }
    for (const ops of prepared.invoice) {
      const { page, cell } = invoiceWriter!.wholeSheet()
      drawOps(page, ops, { x: cell.x, y: cell.y }, invoiceWriter!.fonts)
    }
  }
}

/** Packing slips are laid out for it. */
function cellsBox(sheet: SheetLayout): Rect {
  const area = pageArea(sheet)
  const padding = sheet.columns * sheet.rows > 1 ? CELL_INSET : 0
  return inset(
    { x: 0, y: 0, w: area.w / sheet.columns, h: area.h / sheet.rows },
    padding
  )
}

function qrCaption(
  order: PrintOrder,
  label: PreparedLabelPage,
  width: number,
  measure: Measure
): DrawOp[] {
  const lines = [
    `QR code - order ${orderLabel(order.displayId)}`,
    label.caption ? `Tracking ${printable(label.caption)}` : "",
  ].map(printable)
  const ops: DrawOp[] = []
  lines.filter(Boolean).forEach((line, i) => {
    const size = i === 0 ? 10 : 8
    const x = Math.max(0, (width - measure(line, size, i === 0)) / 2)
    ops.push({
      op: "text",
      x,
      y: CAPTION_HEIGHT - 14 - i * 12,
      size,
      bold: i === 0,
      text: line,
    })
  })
  return ops
}

/** Throws a PrintInputError for options it cannot print with. */
export function createPrintBatch(options: PrintOptions): PrintBatch {
  checkPrintOptions(options)
  return new Batch(options)
}

/** Pulls orders one at a time, so only one order's label files are in memory at once. */
export async function buildPrintFiles(
  orders: Iterable<PrintOrder> | AsyncIterable<PrintOrder>,
  options: PrintOptions
): Promise<PrintResult> {
  const batch = createPrintBatch(options)
  for await (const order of orders) {
    await batch.add(order)
  }
  return batch.finish()
}
