import { GifWriter } from "omggif"
import QRCode from "qrcode"

/** Dots per QR module; 6 keeps a version-2 code about 1 in wide at 203 dpi. */
const MODULE_PX = 6
/** The QR standard asks for a 4-module light border. */
const QUIET_MODULES = 4

export function renderQrGif(payload: string): Buffer {
  let qr: QRCode.QRCode
  try {
    qr = QRCode.create(payload, { errorCorrectionLevel: "M" })
  } catch (err) {
    throw new Error(
      `qrPayload cannot be encoded as a QR code: ${(err as Error).message}`,
      { cause: err }
    )
  }
  const { size, data } = qr.modules
  const side = (size + 2 * QUIET_MODULES) * MODULE_PX
  // Palette index 0 = white, 1 = black; a fresh Uint8Array is already all white.
  const pixels = new Uint8Array(side * side)
  for (let r = 0; r < size; r++) {
    const y0 = (r + QUIET_MODULES) * MODULE_PX
    for (let c = 0; c < size; c++) {
      if (!data[r * size + c]) continue
      const x0 = (c + QUIET_MODULES) * MODULE_PX
      for (let dy = 0; dy < MODULE_PX; dy++) {
        pixels.fill(1, (y0 + dy) * side + x0, (y0 + dy) * side + x0 + MODULE_PX)
      }
    }
  }
  // LZW output of a 2-colour image stays well under 2 bytes a pixel, plus headers.
  const out = Buffer.alloc(side * side * 2 + 1024)
  const writer = new GifWriter(out, side, side, {
    palette: [0xffffff, 0x000000],
  })
  writer.addFrame(0, 0, side, side, pixels as unknown as number[])
  return Buffer.from(out.subarray(0, writer.end()))
}
