import {
  PDFName,
  PDFRawStream,
  type PDFDocument,
  type PDFObject,
  type PDFRef,
} from "pdf-lib"

/** What pdf-lib's `context.obj` takes: names as strings, numbers, arrays, dicts, PDF objects. */
export type PdfLiteral =
  | PDFObject
  | string
  | number
  | boolean
  | PdfLiteral[]
  | { [key: string]: PdfLiteral }

/** Doc 2: DPI_203 is the service's only resolution, so a raster without its own says 203. */
export const SERVICE_DPI = 203

/**
 * An image ready to become a PDF image XObject: compressed data and the dictionary entries that
 * describe it. Made from the input while preparing an order and committed without re-encoding.
 */
export interface Raster {
  width: number
  height: number
  /** Printed size in points, from the image's resolution. */
  widthPt: number
  heightPt: number
  /** Image dictionary entries besides Type, Subtype, Width and Height (values as pdf-lib literals). */
  entries: Record<string, PdfLiteral>
  /** Stream data, already encoded as `entries.Filter` says. */
  data: Uint8Array
}

/** Registers the image in `doc` and returns its reference. */
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

/** Size in points of `pixels` at `dpi`. */
export function pointsAt(pixels: number, dpi: number): number {
  return (pixels / dpi) * 72
}
