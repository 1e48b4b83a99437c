/**
 * Reads what the batch PDF holds with pdf-lib alone (no poppler in CI): page sizes, the content
 * stream as text, the strings drawn with Tj, the XObjects painted and the matrices they are
 * painted with.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFPage,
} from "pdf-lib"

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes)
}

export function pageSizes(doc: PDFDocument): Array<[number, number]> {
  return doc.getPages().map((p) => [round(p.getWidth()), round(p.getHeight())])
}

export function round(n: number, digits = 2): number {
  return Math.round(n * 10 ** digits) / 10 ** digits
}

function streamText(stream: PDFStream): string {
  const bytes =
    stream instanceof PDFRawStream
      ? decodePDFRawStream(stream).decode()
      : (stream as unknown as { getContents(): Uint8Array }).getContents()
  return Buffer.from(bytes).toString("latin1")
}

/** The page's content streams, decoded and joined. */
export function contentOf(page: PDFPage): string {
  const contents = page.node.Contents()
  if (contents instanceof PDFStream) return streamText(contents)
  if (contents instanceof PDFArray) {
    const parts: string[] = []
    for (let i = 0; i < contents.size(); i++)
      parts.push(streamText(contents.lookup(i, PDFStream)))
    return parts.join("\n")
  }
  return ""
}

/** Windows-1252 bytes to text (pdf-lib writes standard-font text as <hex> Tj). */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ"
function cp1252(bytes: Buffer): string {
  let out = ""
  for (const b of bytes)
    out +=
      b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b)
  return out
}

/** Every string the page draws, in order. */
export function textsOf(page: PDFPage): string[] {
  const out: string[] = []
  for (const m of contentOf(page).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
    out.push(cp1252(Buffer.from(m[1], "hex")))
  return out
}

export function textOf(page: PDFPage): string {
  return textsOf(page).join("\n")
}

export interface PaintedXObject {
  name: string
  subtype: "Form" | "Image"
  dict: PDFDict
  stream: PDFRawStream
  /** The last `cm` before the `Do`. */
  matrix: number[]
}

/** XObjects painted on the page with the matrix set just before each (q … cm /Name Do Q). */
export function xobjectsOf(page: PDFPage): PaintedXObject[] {
  const resources = page.node.Resources()
  const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict)
  const out: PaintedXObject[] = []
  for (const m of contentOf(page).matchAll(
    /((?:-?[\d.]+\s+){6})cm\s+\/(\S+)\s+Do/g
  )) {
    const matrix = m[1].trim().split(/\s+/).map(Number)
    const ref = xobjects?.get(PDFName.of(m[2]))
    const stream = page.doc.context.lookup(ref as PDFRef) as PDFRawStream
    const subtype = (
      stream.dict.get(PDFName.of("Subtype")) as PDFName
    ).decodeText() as "Form" | "Image"
    out.push({ name: m[2], subtype, dict: stream.dict, stream, matrix })
  }
  return out
}

export function numberAt(dict: PDFDict, key: string): number {
  return (dict.lookup(PDFName.of(key), PDFNumber) as PDFNumber).asNumber()
}

export function nameAt(dict: PDFDict, key: string): string {
  const v = dict.lookup(PDFName.of(key))
  return v instanceof PDFName ? v.decodeText() : String(v)
}

/** Rectangles filled as one path (a barcode): x, y, w, h of each `re` in the block. */
export function barcodeRects(
  page: PDFPage
): Array<[number, number, number, number]>[] {
  const blocks: Array<[number, number, number, number]>[] = []
  for (const block of contentOf(page).matchAll(
    /0 g\s+((?:(?:-?[\d.]+\s+){4}re\s+)+)f/g
  )) {
    blocks.push(
      [...block[1].matchAll(/((?:-?[\d.]+\s+){4})re/g)].map(
        (r) =>
          r[1].trim().split(/\s+/).map(Number) as [
            number,
            number,
            number,
            number,
          ]
      )
    )
  }
  return blocks
}
