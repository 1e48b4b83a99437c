import bwipjs from "bwip-js"

/**
 * Text for the PNG label, drawn from the OCR-B outlines bundled with bwip-js. Each glyph
 * is rasterised once per size, thresholded to 1 bit (a thermal printer has no gray) and
 * kept as horizontal runs, so drawing a character is a handful of span fills.
 */
export interface Glyph {
  advance: number
  /** Triples (dy from baseline, x0, x1) relative to the pen position. */
  runs: Int16Array
}

const OCR_B = bwipjs.FontLib.lookup("OCR-B")
/** OCR-B is monospaced and wide; a slight horizontal squeeze fits addresses on 4 in. */
const CONDENSE = 0.85
/** Coverage (0-255) at which an anti-aliased pixel becomes a black dot. */
const THRESHOLD = 110

const cache = new Map<number, Glyph>()

export function glyph(code: number, sizePx: number, bold: boolean): Glyph {
  const key = (code << 10) | (sizePx << 1) | (bold ? 1 : 0)
  let g = cache.get(key)
  if (!g) {
    g = rasterise(code, sizePx, bold)
    cache.set(key, g)
  }
  return g
}

function rasterise(code: number, sizePx: number, bold: boolean): Glyph {
  const src = bwipjs.FontLib.getglyph(
    OCR_B,
    code,
    Math.round(sizePx * CONDENSE),
    sizePx
  )
  // Bold: the glyph OR-ed with itself shifted right, thicker by about a stroke's tenth.
  const embolden = bold ? Math.max(1, Math.round(sizePx / 14)) : 0
  const runs: number[] = []
  const pixels = src.pixels as Uint8Array | null
  if (pixels) {
    const w = src.width
    for (let y = 0; y < src.height; y++) {
      const dy = y - src.top
      let x = 0
      while (x < w) {
        while (x < w && pixels[y * w + x] < THRESHOLD) x++
        if (x >= w) break
        const start = x
        while (x < w && pixels[y * w + x] >= THRESHOLD) x++
        runs.push(dy, src.left + start, src.left + x + embolden)
      }
    }
  }
  return { advance: src.advance + embolden, runs: Int16Array.from(runs) }
}

export function textWidth(text: string, sizePx: number, bold: boolean): number {
  let w = 0
  for (let i = 0; i < text.length; i++) {
    w += glyph(text.charCodeAt(i), sizePx, bold).advance
  }
  return w
}
