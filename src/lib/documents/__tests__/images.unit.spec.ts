import zlib from "node:zlib"
import { GifWriter } from "omggif"
import { PNG } from "pngjs"
import { decodeQr } from "../../../../packages/sandbox/src/labels/__tests__/helpers"
import {
  labelFile,
  trackingNumberOf,
} from "../../../../dev/fixtures/print-orders"
import { prepareGif } from "../gif"
import { preparePng } from "../png"

/** The PNG with one chunk type removed (CRCs of the others stay valid). */
function withoutChunk(png: Uint8Array, drop: string): Uint8Array {
  const buf = Buffer.from(png)
  const parts = [buf.subarray(0, 8)]
  let off = 8
  while (off < buf.length) {
    const len = buf.readUInt32BE(off)
    if (buf.toString("latin1", off + 4, off + 8) !== drop)
      parts.push(buf.subarray(off, off + 12 + len))
    off += 12 + len
  }
  return new Uint8Array(Buffer.concat(parts))
}

function idatOf(png: Uint8Array): Buffer {
  const buf = Buffer.from(png)
  const parts: Buffer[] = []
  let off = 8
  while (off < buf.length) {
    const len = buf.readUInt32BE(off)
    if (buf.toString("latin1", off + 4, off + 8) === "IDAT")
      parts.push(buf.subarray(off + 8, off + 8 + len))
    off += 12 + len
  }
  return Buffer.concat(parts)
}

describe("preparePng", () => {
  it("passes a sandbox label's 1-bit IDAT through with PNG predictors, at its 203 dpi size", () => {
    const file = labelFile(1, "PNG")
    const png = preparePng(file)
    if (png.kind !== "raster") throw new Error("expected the pass-through path")
    const { raster } = png
    expect([raster.width, raster.height]).toEqual([812, 1218])
    expect(raster.widthPt).toBeCloseTo(288, 0)
    expect(raster.heightPt).toBeCloseTo(432, 0)
    expect(raster.entries).toMatchObject({
      BitsPerComponent: 1,
      ColorSpace: "DeviceGray",
      Filter: "FlateDecode",
      DecodeParms: {
        Predictor: 15,
        Colors: 1,
        BitsPerComponent: 1,
        Columns: 812,
      },
    })
    expect(Buffer.from(raster.data).equals(idatOf(file))).toBe(true)
  })

  it("without pHYs, sizes the label by its declared document size, else at 203 dpi", () => {
    const file = withoutChunk(labelFile(2, "PNG", "DOC_4X5"), "pHYs")
    const sized = preparePng(file, "DOC_4X5")
    expect(
      sized.kind === "raster" && [sized.raster.widthPt, sized.raster.heightPt]
    ).toEqual([288, 360])
    const unsized = preparePng(file)
    expect(
      unsized.kind === "raster" && Math.round(unsized.raster.widthPt)
    ).toBe(288)
  })

  it("leaves PNGs with alpha to pdf-lib's decoder", () => {
    const img = new PNG({ width: 4, height: 4 })
    img.data.fill(128)
    const prepared = preparePng(new Uint8Array(PNG.sync.write(img)))
    expect(prepared.kind).toBe("decode")
  })

  it("refuses a damaged or truncated PNG, saying what is wrong", () => {
    const file = Buffer.from(labelFile(3, "PNG"))
    const damaged = Buffer.from(file)
    damaged[60] ^= 0xff
    expect(() => preparePng(damaged)).toThrow(/damaged PNG \(CRC of chunk/)
    expect(() => preparePng(file.subarray(0, file.length - 20))).toThrow(
      /truncated PNG/
    )
    expect(() => preparePng(Buffer.from("GIF89a not a png"))).toThrow(
      /is not a PNG/
    )
  })
})

describe("prepareGif", () => {
  it("turns the sandbox's QR code GIF into a gray image that still scans", () => {
    const raster = prepareGif(labelFile(4, "GIF"))
    expect(raster.entries).toEqual({
      BitsPerComponent: 8,
      ColorSpace: "DeviceGray",
      Filter: "FlateDecode",
    })
    const pixels = zlib.inflateSync(raster.data)
    expect(pixels.length).toBe(raster.width * raster.height)
    expect(new Set(pixels)).toEqual(new Set([0, 255]))
    expect(
      decodeQr(new Uint8ClampedArray(pixels), raster.width, raster.height)
    ).toBe(trackingNumberOf(4))
    // 203 dpi: a QR code about an inch wide, not a 4x6 page.
    expect(raster.widthPt).toBeCloseTo((raster.width / 203) * 72, 6)
  })

  it("prints transparent pixels white and keeps colours", () => {
    const out = Buffer.alloc(1024)
    const writer = new GifWriter(out, 2, 1, { palette: [0xff0000, 0x000000] })
    writer.addFrame(0, 0, 2, 1, [0, 1], { transparent: 1 })
    const raster = prepareGif(out.subarray(0, writer.end()))
    expect(raster.entries.ColorSpace).toBe("DeviceRGB")
    expect([...zlib.inflateSync(raster.data)]).toEqual([
      255, 0, 0, 255, 255, 255,
    ])
  })

  it("refuses a file that is not a GIF", () => {
    expect(() =>
      prepareGif(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]))
    ).toThrow(/is not a GIF/)
  })
})
