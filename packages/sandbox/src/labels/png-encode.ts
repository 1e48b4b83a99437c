import zlib from "node:zlib"
import type { Bitmap } from "./bitmap"
import { DPI } from "./sizes"

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const IEND = chunk("IEND", Buffer.alloc(0))
/** pHYs in pixels per metre, so viewers and printers size the label at 203 dpi. */
const PHYS = (() => {
  const ppm = Math.round(DPI / 0.0254)
  const body = Buffer.alloc(9)
  body.writeUInt32BE(ppm, 0)
  body.writeUInt32BE(ppm, 4)
  body[8] = 1
  return chunk("pHYs", body)
})()

/**
 * Measured on a 4x6 label raster: levels 1-3 all take ~0.17 ms and 3 is the smallest of
 * them; level 6 saves another ~18% of a 7 KB file but takes 2.7x as long, which is the
 * budget of the whole label (see docs/sandbox-labels.md).
 */
const DEFLATE_LEVEL = 3

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + body.length)
  out.writeUInt32BE(body.length, 0)
  out.write(type, 4, "latin1")
  body.copy(out, 8)
  out.writeUInt32BE(
    zlib.crc32(out.subarray(4, 8 + body.length)),
    8 + body.length
  )
  return out
}

/** Bit depth 1, colour type 0 (grayscale): the smallest PNG a thermal printer can take. */
export function encodePng1(bitmap: Bitmap): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(bitmap.width, 0)
  ihdr.writeUInt32BE(bitmap.height, 4)
  ihdr[8] = 1 // bit depth
  ihdr[9] = 0 // grayscale
  // compression, filter method, interlace: all 0
  const idat = zlib.deflateSync(bitmap.data, { level: DEFLATE_LEVEL })
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    PHYS,
    chunk("IDAT", idat),
    IEND,
  ])
}
