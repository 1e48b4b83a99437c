import zlib from "node:zlib"
import { GifReader } from "omggif"
import { pointsAt, SERVICE_DPI, type Raster } from "./raster"

/** PDF has no GIF filter: omggif decodes the frame, deflated straight into an image (no PNG round trip). */
export function prepareGif(gif: Uint8Array): Raster {
  let reader: GifReader
  try {
    reader = new GifReader(gif)
  } catch (err) {
    throw new Error(`is not a GIF (${(err as Error).message})`, { cause: err })
  }
  if (reader.numFrames() < 1) throw new Error("is a GIF without frames")
  const { width, height } = reader
  const rgba = new Uint8Array(width * height * 4)
  try {
    reader.decodeAndBlitFrameRGBA(0, rgba)
  } catch (err) {
    throw new Error(`is a damaged GIF (${(err as Error).message})`, {
      cause: err,
    })
  }
  let gray = true
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i] !== rgba[i + 1] || rgba[i] !== rgba[i + 2]) {
      gray = false
      break
    }
  }
  const channels = gray ? 1 : 3
  const pixels = new Uint8Array(width * height * channels)
  for (let p = 0, i = 0; p < width * height; p++, i += 4) {
    const opaque = rgba[i + 3] !== 0
    for (let c = 0; c < channels; c++) {
      pixels[p * channels + c] = opaque ? rgba[i + c] : 255
    }
  }
  return {
    width,
    height,
    widthPt: pointsAt(width, SERVICE_DPI),
    heightPt: pointsAt(height, SERVICE_DPI),
    data: zlib.deflateSync(pixels),
    entries: {
      BitsPerComponent: 8,
      ColorSpace: gray ? "DeviceGray" : "DeviceRGB",
      Filter: "FlateDecode",
    },
  }
}
