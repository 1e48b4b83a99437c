import zlib from "node:zlib"
import {
  PDFDocument,
  PDFRawStream,
  StandardFonts,
  type PDFContentStream,
  type PDFPage,
  type PDFRef,
} from "pdf-lib"
import { drawOps, type Fonts } from "./draw"
import { cellsOf, pageArea, type Rect, type SheetLayout } from "./layouts"

/** To cut an office sheet into its labels. */
const CUT_GUIDE = { width: 0.5, gray: 0.7, dash: [4, 4] }

/** Pages are added only when something is placed, so no file ends with a blank. */
export class SheetWriter {
  readonly doc: PDFDocument
  readonly fonts: Fonts
  readonly sheet: SheetLayout
  readonly cells: Rect[]
  private page: PDFPage | undefined
  private next = 0
  documentCount = 0

  private constructor(doc: PDFDocument, fonts: Fonts, sheet: SheetLayout) {
    this.doc = doc
    this.fonts = fonts
    this.sheet = sheet
    this.cells = cellsOf(sheet)
  }

  static async create(sheet: SheetLayout): Promise<SheetWriter> {
    const doc = await PDFDocument.create()
    // Not embedded (no font file in the PDF): WinAnsi text only.
    const fonts = {
      regular: doc.embedStandardFont(StandardFonts.Helvetica),
      bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
    }
    return new SheetWriter(doc, fonts, sheet)
  }

  get pageCount(): number {
    return this.doc.getPageCount()
  }

  /** Starts a sheet when the current one is full. */
  nextCell(): { page: PDFPage; cell: Rect } {
    if (!this.page || this.next >= this.cells.length) this.newSheet()
    this.documentCount++
    return { page: this.page!, cell: this.cells[this.next++] }
  }

  /** On a 4x6 layout that is simply the next label page. */
  wholeSheet(): { page: PDFPage; cell: Rect } {
    if (this.cells.length === 1) return this.nextCell()
    this.newSheet(false)
    this.next = this.cells.length
    this.documentCount++
    return { page: this.page!, cell: pageArea(this.sheet) }
  }

  private newSheet(guides = true): void {
    if (this.page) this.seal(this.page)
    this.page = this.doc.addPage([this.sheet.width, this.sheet.height])
    this.next = 0
    if (guides && this.cells.length > 1)
      drawOps(this.page, cutGuides(this.sheet), { x: 0, y: 0 }, this.fonts)
  }

  /**
   * Deflates a full sheet now and drops pdf-lib's operators (~50 KB a page) so a long batch grows by
   * bytes; if pdf-lib renames its private stream fields, nothing is sealed and save() encodes as usual.
   */
  private seal(page: PDFPage): void {
    const state = page as unknown as {
      contentStream?: PDFContentStream
      contentStreamRef?: PDFRef
    }
    if (!state.contentStream || !state.contentStreamRef) return
    const data = zlib.deflateSync(state.contentStream.getUnencodedContents())
    this.doc.context.assign(
      state.contentStreamRef,
      PDFRawStream.of(this.doc.context.obj({ Filter: "FlateDecode" }), data)
    )
    state.contentStream = undefined
    state.contentStreamRef = undefined
  }

  async save(title: string): Promise<Uint8Array> {
    if (this.page) this.seal(this.page)
    this.doc.setTitle(title)
    this.doc.setCreator("medusa-plugin-shipping-services")
    this.doc.setProducer("pdf-lib")
    return this.doc.save()
  }
}

function cutGuides(sheet: SheetLayout): Array<{
  op: "line"
  x1: number
  y1: number
  x2: number
  y2: number
  width: number
  gray: number
  dash: number[]
}> {
  const area = pageArea(sheet)
  const lines = []
  for (let c = 1; c < sheet.columns; c++) {
    const x = area.x + (c * area.w) / sheet.columns
    lines.push({
      op: "line" as const,
      x1: x,
      y1: area.y,
      x2: x,
      y2: area.y + area.h,
      ...CUT_GUIDE,
    })
  }
  for (let r = 1; r < sheet.rows; r++) {
    const y = area.y + (r * area.h) / sheet.rows
    lines.push({
      op: "line" as const,
      x1: area.x,
      y1: y,
      x2: area.x + area.w,
      y2: y,
      ...CUT_GUIDE,
    })
  }
  return lines
}
