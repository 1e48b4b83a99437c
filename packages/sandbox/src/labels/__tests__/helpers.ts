import zlib from "node:zlib"
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  QRCodeReader,
  RGBLuminanceSource,
} from "@zxing/library"
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFArray,
  PDFRef,
} from "pdf-lib"
import { PNG } from "pngjs"
import type { RenderDocumentInput } from "../types"

export function labelInput(
  overrides: Partial<RenderDocumentInput> = {}
): RenderDocumentInput {
  return {
    type: "SHIPPING_LABEL",
    fileFormat: "PDF",
    trackingNumber: "9400111899223344556677",
    shipmentId: "shp_01JTESTSHIPMENT0001",
    carrier: "POSTAL",
    serviceId: "PM",
    from: {
      name: "Acme Warehouse",
      company: "Acme Inc.",
      addressLines: ["27 Waterview Drive"],
      cityTown: "Shelton",
      stateProvince: "CT",
      postalCode: "06484",
      countryCode: "US",
    },
    to: {
      name: "Jane Doe",
      addressLines: ["1 Main Street", "Apt 4B"],
      cityTown: "Springfield",
      stateProvince: "IL",
      postalCode: "62701",
      countryCode: "US",
    },
    weightOz: 12.5,
    reference: "ORDER-1001",
    ...overrides,
  }
}

/** RGBA pixels to the 8-bit luminance zxing reads. */
export function luminance(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number
): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height)
  for (let i = 0; i < out.length; i++) {
    out[i] =
      (rgba[i * 4] * 299 + rgba[i * 4 + 1] * 587 + rgba[i * 4 + 2] * 114) / 1000
  }
  return out
}

function bitmap(
  lum: Uint8ClampedArray,
  width: number,
  height: number
): BinaryBitmap {
  return new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(lum, width, height))
  )
}

/**
 * Reads a Code 128 symbol (TRY_HARDER scans rows across the whole height).
 *
 * `columns` narrows the scan to a horizontal band of the image. @zxing/library 0.23's
 * Code128Reader.findStartPattern only recognises a start pattern that is the first dark
 * element of a row: after its first failed window it shrinks its counters with
 * `counters.slice(2)` to 4 entries and never matches again. A label border or a text column
 * left of the barcode therefore hides it from zxing-js (not from real scanners), so label
 * tests scan the barcode's column of the layout, every row of it.
 */
export function decodeCode128(
  lum: Uint8ClampedArray,
  width: number,
  height: number,
  columns?: [number, number]
): string {
  if (columns) {
    const [x0, x1] = columns
    const cropped = new Uint8ClampedArray((x1 - x0) * height)
    for (let y = 0; y < height; y++) {
      cropped.set(lum.subarray(y * width + x0, y * width + x1), y * (x1 - x0))
    }
    return decodeCode128(cropped, x1 - x0, height)
  }
  const reader = new MultiFormatReader()
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ])
  const result = reader.decode(bitmap(lum, width, height), hints)
  expect(result.getBarcodeFormat()).toBe(BarcodeFormat.CODE_128)
  return result.getText()
}

export function decodeQr(
  lum: Uint8ClampedArray,
  width: number,
  height: number
): string {
  return new QRCodeReader().decode(bitmap(lum, width, height)).getText()
}

export function decodePng(png: Buffer): {
  width: number
  height: number
  lum: Uint8ClampedArray
} {
  const img = PNG.sync.read(png)
  return {
    width: img.width,
    height: img.height,
    lum: luminance(img.data, img.width, img.height),
  }
}

export interface PngHeader {
  width: number
  height: number
  bitDepth: number
  colorType: number
  chunks: string[]
}

/** Walks the chunks by hand, checking every CRC, so a malformed file fails here. */
export function readPngHeader(png: Buffer): PngHeader {
  expect(png.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  )
  const chunks: string[] = []
  let off = 8
  while (off < png.length) {
    const len = png.readUInt32BE(off)
    const type = png.toString("latin1", off + 4, off + 8)
    const crc = png.readUInt32BE(off + 8 + len)
    expect(zlib.crc32(png.subarray(off + 4, off + 8 + len))).toBe(crc)
    chunks.push(type)
    off += 12 + len
  }
  expect(off).toBe(png.length)
  return {
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    bitDepth: png[24],
    colorType: png[25],
    chunks,
  }
}

function pngChunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length)
  out.writeUInt32BE(body.length, 0)
  out.write(type, 4, "latin1")
  body.copy(out, 8)
  out.writeUInt32BE(
    zlib.crc32(out.subarray(4, 8 + body.length)),
    8 + body.length
  )
  return out
}

export interface PdfImage {
  name: string
  width: number
  height: number
  bitsPerComponent: number
  colorSpace: string
  filter: string
  predictor: number
  /** The image rebuilt as a PNG: a Flate stream with predictor 15 is a PNG IDAT. */
  png: Buffer
}

/** Image XObjects of a page, read from the PDF's own object graph with pdf-lib. */
export function pdfImages(pdf: PDFDocument, pageIndex = 0): PdfImage[] {
  const page = pdf.getPage(pageIndex)
  const xobjects = page.node
    .Resources()
    ?.lookupMaybe(PDFName.of("XObject"), PDFDict)
  if (!xobjects) {
    return []
  }
  const images: PdfImage[] = []
  for (const [name, ref] of xobjects.entries()) {
    const stream = pdf.context.lookup(ref as PDFRef)
    if (!(stream instanceof PDFRawStream)) {
      continue
    }
    const dict = stream.dict
    if (dict.lookup(PDFName.of("Subtype"))?.toString() !== "/Image") {
      continue
    }
    const num = (key: string) =>
      dict.lookup(PDFName.of(key), PDFNumber).asNumber()
    const parms = dict.lookupMaybe(PDFName.of("DecodeParms"), PDFDict)
    const width = num("Width")
    const height = num("Height")
    const bitsPerComponent = num("BitsPerComponent")
    const colorSpace = dict.lookup(PDFName.of("ColorSpace"))!.toString()
    const filter = dict.lookup(PDFName.of("Filter"))!.toString()
    const predictor = parms
      ? parms.lookup(PDFName.of("Predictor"), PDFNumber).asNumber()
      : 1
    const ihdr = Buffer.alloc(13)
    ihdr.writeUInt32BE(width, 0)
    ihdr.writeUInt32BE(height, 4)
    ihdr[8] = bitsPerComponent
    ihdr[9] = colorSpace === "/DeviceGray" ? 0 : 2
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      pngChunk("IDAT", Buffer.from(stream.contents)),
      pngChunk("IEND", Buffer.alloc(0)),
    ])
    images.push({
      name: name.toString(),
      width,
      height,
      bitsPerComponent,
      colorSpace,
      filter,
      predictor,
      png,
    })
  }
  return images
}

/**
 * Text shown on a page: pdfkit writes each line as one TJ array of hex strings (split for
 * kerning) in WinAnsi, which is Latin-1 for the characters the labels use.
 */
export function pdfText(pdf: PDFDocument, pageIndex = 0): string[] {
  const page = pdf.getPage(pageIndex)
  const contents = page.node.Contents()
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((r) => pdf.context.lookup(r))
      : [contents]
  const lines: string[] = []
  for (const s of streams) {
    if (!(s instanceof PDFRawStream)) {
      continue
    }
    const filter = s.dict.lookup(PDFName.of("Filter"))?.toString()
    const data =
      filter === "/FlateDecode"
        ? zlib.inflateSync(Buffer.from(s.contents))
        : Buffer.from(s.contents)
    for (const m of data.toString("latin1").matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      let line = ""
      for (const hex of m[1].matchAll(/<([0-9a-fA-F]*)>/g)) {
        line += Buffer.from(hex[1], "hex").toString("latin1")
      }
      lines.push(line)
    }
  }
  return lines
}
