import PDFDocument from "pdfkit"
import type { DocumentSize } from "../../../../src/shipping-api/constants"
import { QUIET_ZONE_MODULES, moduleDots, type Code128 } from "./barcode"
import { code128Bitmap } from "./barcode-raster"
import { content, frame, type LayoutOp } from "./layout"
import { encodePng1 } from "./png-encode"
import { DOTS_PER_PT, GEOMETRY } from "./sizes"
import { fit, printable } from "./text"
import type { RenderDocumentInput } from "./types"

const REGULAR = "Helvetica"
const BOLD = "Helvetica-Bold"

export function renderPdfLabel(
  input: RenderDocumentInput,
  size: DocumentSize,
  code: Code128
): Buffer {
  const g = GEOMETRY[size]
  const doc = new PDFDocument({
    size: [g.widthPt, g.heightPt],
    margin: 0,
    info: {
      Title: `Sandbox shipping label ${printable(input.trackingNumber, "latin1")}`,
      Subject: "SANDBOX - NOT FOR SHIPPING",
      Producer: "shipping sandbox label renderer",
    },
  })
  for (const op of frame(size)) {
    draw(doc, op)
  }
  for (const op of content(input, size, code)) {
    draw(doc, op)
  }
  return collect(doc)
}

/**
 * pdfkit is a Readable stream, but it pushes every byte synchronously from end(); reading
 * the buffered chunks right away keeps renderDocument synchronous. The %%EOF check guards
 * against a future pdfkit that writes asynchronously.
 */
function collect(doc: PDFKit.PDFDocument): Buffer {
  doc.end()
  const chunks: Buffer[] = []
  let chunk: Buffer | null
  while ((chunk = doc.read() as Buffer | null) !== null) {
    chunks.push(chunk)
  }
  const pdf = Buffer.concat(chunks)
  if (pdf.lastIndexOf("%%EOF") < pdf.length - 8) {
    throw new Error("pdfkit did not finish the document synchronously")
  }
  return pdf
}

function draw(doc: PDFKit.PDFDocument, op: LayoutOp): void {
  switch (op.kind) {
    case "box":
      if (op.fill) {
        doc.rect(op.x, op.y, op.w, op.h).fill("black")
      } else {
        const t = op.stroke ?? 1
        // Inset by half the line so the outline stays inside the box like the raster one.
        doc
          .lineWidth(t)
          .rect(op.x + t / 2, op.y + t / 2, op.w - t, op.h - t)
          .stroke("black")
      }
      return
    case "dash":
      doc
        .save()
        .lineWidth(0.75)
        .dash(4, { space: 4 })
        .moveTo(op.x, op.y)
        .lineTo(op.x + op.w, op.y)
        .stroke("black")
        .restore()
      return
    case "text": {
      doc.font(op.bold ? BOLD : REGULAR).fontSize(op.size)
      const text = fit(printable(op.text, "latin1"), op.w, (s) =>
        doc.widthOfString(s)
      )
      const width = doc.widthOfString(text)
      let x = op.x
      if (op.align === "center") {
        x += (op.w - width) / 2
      } else if (op.align === "right") {
        x += op.w - width
      }
      doc
        .fillColor(op.inverse ? "white" : "black")
        .text(text, x, op.y, { lineBreak: false })
      return
    }
    case "barcode": {
      // The image is what a 203-dpi printer would print, dot for dot, and is placed at
      // that physical size; the PDF viewer only scales it, never resamples the bars.
      const wDots = Math.round(op.w * DOTS_PER_PT)
      const hDots = Math.round(op.h * DOTS_PER_PT)
      const m = moduleDots(op.code, wDots)
      const image = encodePng1(code128Bitmap(op.code, m, hDots))
      const wPt = ((op.code.modules + 2 * QUIET_ZONE_MODULES) * m) / DOTS_PER_PT
      doc.image(image, op.x + (op.w - wPt) / 2, op.y, {
        width: wPt,
        height: hDots / DOTS_PER_PT,
      })
      return
    }
  }
}
