import { PDFDocument, PDFObjectCopier, type PDFRef } from "pdf-lib"
import { prepareGif } from "./gif"
import { preparePdf } from "./pdf-page"
import type { Rotation } from "./placement"
import { preparePng } from "./png"
import { embedRaster, type Raster } from "./raster"
import type { PrintLabel } from "./types"

/** `embed` cannot fail on the input: it was checked when read. */
export interface PreparedLabelPage {
  kind: "label" | "qr-code"
  /** A PDF page's visible box; an image's printed size. */
  width: number
  height: number
  rotation: Rotation
  /** An image XObject spans the unit square; a form spans its content box. */
  image: boolean
  caption?: string
  embed(doc: PDFDocument): PDFRef
}

function fromRaster(
  kind: PreparedLabelPage["kind"],
  raster: Raster
): PreparedLabelPage {
  return {
    kind,
    width: raster.widthPt,
    height: raster.heightPt,
    rotation: 0,
    image: true,
    embed: (doc) => embedRaster(doc, raster),
  }
}

/** Decoded into a scratch document now, so an unreadable file is refused before the batch changes. */
async function decodedPng(
  bytes: Uint8Array,
  widthPt: number,
  heightPt: number
): Promise<PreparedLabelPage> {
  const scratch = await PDFDocument.create()
  const image = await scratch.embedPng(bytes)
  await image.embed()
  return {
    kind: "label",
    width: widthPt,
    height: heightPt,
    rotation: 0,
    image: true,
    embed: (doc) =>
      PDFObjectCopier.for(scratch.context, doc.context).copy(image.ref),
  }
}

/** Throws a plain Error whose message completes "<field> …". */
export async function prepareLabelFile(
  label: PrintLabel,
  file: Uint8Array
): Promise<PreparedLabelPage[]> {
  switch (label.format) {
    case "PDF":
      return (await preparePdf(file)).map((page) => ({
        kind: "label" as const,
        width: page.width,
        height: page.height,
        rotation: page.rotation,
        image: false,
        embed: page.embed,
      }))
    case "PNG": {
      const png = preparePng(file, label.size)
      return [
        png.kind === "raster"
          ? fromRaster("label", png.raster)
          : await decodedPng(png.bytes, png.widthPt, png.heightPt),
      ]
    }
    case "GIF":
      return [
        {
          ...fromRaster("qr-code", prepareGif(file)),
          caption: label.trackingNumber,
        },
      ]
    case "ZPL2":
      throw new Error(
        "is a ZPL2 label: ZPL goes to the printer as text and cannot be placed in a PDF (use the ZPL file)"
      )
    default:
      throw new Error(
        `has format ${JSON.stringify(label.format)}; expected PDF, PNG, GIF or ZPL2`
      )
  }
}
