import {
  PDFName,
  PDFRawStream,
  type PDFDocument,
  type PDFObject,
  type PDFRef,
} from "pdf-lib"

/** Names as strings, numbers, arrays, dicts, PDF objects. */
export type PdfLiteral =
  | PDFObject
  | string
  | number
  | boolean
  | PdfLiteral[]
  | { [key: string]: PdfLiteral }

/** Doc 2: DPI_203 is the service's only resolution, so a raster without its own says 203. */
export const SERVICE_DPI = 203

/** Made while preparing an order and committed without re-encoding. */
export interface Raster {
  width: number
  height: number
  /** From the image's resolution. */
  widthPt: number
  heightPt: number
  /** Besides Type, Subtype, Width and Height. */
  entries: Record<string, PdfLiteral>
  /** Already encoded as `entries.Filter` says. */
  data: Uint8Array
}

export function embedRaster(doc: PDFDocument, raster: Raster): PDFRef {
  const dict = doc.context.obj({
    Type: "XObject",
    Subtype: "Image",
    Width: raster.width,
    Height: raster.height,
    ...raster.entries,
  })
  // Length is set from the data when the stream is written.
  dict.delete(PDFName.of("Length"))
  return doc.context.register(PDFRawStream.of(dict, raster.data))
}

export function pointsAt(pixels: number, dpi: number): number {
  return (pixels / dpi) * 72
}
