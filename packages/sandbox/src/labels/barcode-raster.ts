import { QUIET_ZONE_MODULES, type Code128 } from "./barcode"
import { Bitmap } from "./bitmap"

/**
 * Draws the symbol, quiet zones included, at whole dots per module: bars are drawn on the
 * first row and that row repeated, which is why this costs little more than a memcpy.
 */
export function drawCode128(
  bmp: Bitmap,
  left: number,
  y: number,
  h: number,
  m: number,
  code: Code128
): number {
  const total = (code.modules + 2 * QUIET_ZONE_MODULES) * m
  bmp.fillRect(left, y, total, h, false)
  let pen = left + QUIET_ZONE_MODULES * m
  const widths = code.widths
  for (let i = 0; i < widths.length; i++) {
    const run = widths[i] * m
    if ((i & 1) === 0) {
      bmp.span(y, pen, pen + run)
    }
    pen += run
  }
  bmp.repeatRow(y, left, left + total, h)
  return total
}

/** The symbol alone as a bitmap (for embedding in a PDF). */
export function code128Bitmap(code: Code128, m: number, h: number): Bitmap {
  const bmp = new Bitmap((code.modules + 2 * QUIET_ZONE_MODULES) * m, h)
  drawCode128(bmp, 0, 0, h, m, code)
  return bmp
}
