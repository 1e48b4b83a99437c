import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFName,
  PDFObjectCopier,
  PDFRawStream,
  PDFStream,
  type PDFObject,
  type PDFPage,
  type PDFRef,
} from "pdf-lib"
import type { Rotation } from "./placement"

export interface PreparedPdfPage {
  /** CropBox within MediaBox, in the page's own units. */
  width: number
  height: number
  /** Viewers show the page turned, so the batch file does too. */
  rotation: Rotation
  /** Cannot fail on the input (checked before). */
  embed(doc: PDFDocument): PDFRef
}

function rotationOf(page: PDFPage): Rotation {
  const angle = page.getRotation().angle
  const quarter = ((Math.round(angle / 90) % 4) + 4) % 4
  return (quarter * 90) as Rotation
}

/** A single stream is reused as encoded; several are decoded and joined, as PDF defines them as one. */
function contentOf(page: PDFPage): {
  data: Uint8Array
  entries: Record<string, PDFObject>
} {
  const contents = page.node.Contents()
  const streams: PDFStream[] = []
  if (contents instanceof PDFStream) {
    streams.push(contents)
  } else if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) {
      const s = contents.lookup(i)
      if (!(s instanceof PDFStream))
        throw new Error("has a page whose /Contents is not a stream")
      streams.push(s)
    }
  }
  if (streams.length === 0) throw new Error("has a page without content")
  const decoded = streams.map((s) => {
    if (!(s instanceof PDFRawStream))
      throw new Error("has a page content stream pdf-lib cannot read")
    // Decoding checks the filters now, so an unreadable label is refused before the batch changes.
    return decodePDFRawStream(s).decode()
  })
  if (streams.length === 1) {
    const raw = streams[0] as PDFRawStream
    const entries: Record<string, PDFObject> = {}
    const filter = raw.dict.get(PDFName.of("Filter"))
    const parms = raw.dict.get(PDFName.of("DecodeParms"))
    if (filter) entries.Filter = filter
    if (parms) entries.DecodeParms = parms
    return { data: raw.contents, entries }
  }
  const joined = new Uint8Array(decoded.reduce((n, d) => n + d.length + 1, 0))
  let at = 0
  for (const d of decoded) {
    joined.set(d, at)
    joined[at + d.length] = 0x0a
    at += d.length + 1
  }
  return { data: joined, entries: {} }
}

/** Throws a plain Error saying what is wrong with the file. */
export async function preparePdf(
  bytes: Uint8Array
): Promise<PreparedPdfPage[]> {
  let src: PDFDocument
  let pages: PDFPage[]
  try {
    src = await PDFDocument.load(bytes, { updateMetadata: false })
    pages = src.getPages()
  } catch (err) {
    throw new Error(`is not a readable PDF (${(err as Error).message})`, {
      cause: err,
    })
  }
  if (pages.length === 0) throw new Error("is a PDF without pages")
  try {
    // One copier per batch document: shared resources (fonts) are copied once.
    const copiers = new WeakMap<PDFDocument, PDFObjectCopier>()
    const copierFor = (doc: PDFDocument) => {
      let copier = copiers.get(doc)
      if (!copier)
        copiers.set(
          doc,
          (copier = PDFObjectCopier.for(src.context, doc.context))
        )
      return copier
    }
    return pages.map((page) => preparePage(page, copierFor))
  } catch (err) {
    const message = (err as Error).message
    // Our own checks say what is wrong; anything pdf-lib throws means the file is broken.
    throw /^(is|has) /.test(message)
      ? err
      : new Error(`is not a readable PDF (${message})`)
  }
}

function preparePage(
  page: PDFPage,
  copierFor: (doc: PDFDocument) => PDFObjectCopier
): PreparedPdfPage {
  const crop = page.getCropBox()
  const media = page.getMediaBox()
  const left = Math.max(crop.x, media.x)
  const bottom = Math.max(crop.y, media.y)
  const right = Math.min(crop.x + crop.width, media.x + media.width)
  const top = Math.min(crop.y + crop.height, media.y + media.height)
  if (!(right > left && top > bottom))
    throw new Error("has a page with an empty CropBox/MediaBox")
  const content = contentOf(page)
  const resources = page.node.getInheritableAttribute(PDFName.of("Resources"))
  return {
    width: right - left,
    height: top - bottom,
    rotation: rotationOf(page),
    embed(doc: PDFDocument): PDFRef {
      // The copier clones what it reaches, so the batch keeps no reference into the label file.
      const copier = copierFor(doc)
      const copiedResources = resources
        ? copier.copy(resources)
        : doc.context.obj({})
      const dict = doc.context.obj({
        Type: "XObject",
        Subtype: "Form",
        FormType: 1,
        BBox: [left, bottom, right, top],
        // Origin at the box's lower-left corner, so placement works from (0, 0).
        Matrix: [1, 0, 0, 1, -left, -bottom],
      })
      dict.set(PDFName.of("Resources"), copiedResources)
      for (const [key, value] of Object.entries(content.entries)) {
        dict.set(PDFName.of(key), copier.copy(value))
      }
      return doc.context.register(PDFRawStream.of(dict, content.data.slice()))
    },
  }
}
