import type { DocumentSize } from "../../../../src/shipping-api/constants"
import { QUIET_ZONE_MODULES, moduleDots, type Code128 } from "./barcode"
import { Bitmap } from "./bitmap"
import { drawCode128 } from "./barcode-raster"
import { glyph, textWidth } from "./glyphs"
import { content, frame, type LayoutOp } from "./layout"
import { encodePng1 } from "./png-encode"
import { DOTS_PER_PT, GEOMETRY, toDots } from "./sizes"
import { fit, printable } from "./text"
import type { RenderDocumentInput } from "./types"

/** Baseline below the top of the line box, as a fraction of the font size. */
const ASCENT = 0.82

/** The frame of each size, drawn once; a label starts as a copy of it. */
const frames = new Map<DocumentSize, Bitmap>()

function frameBitmap(size: DocumentSize): Bitmap {
  let base = frames.get(size)
  if (!base) {
    const g = GEOMETRY[size]
    base = new Bitmap(g.widthDots, g.heightDots)
    for (const op of frame(size)) {
      draw(base, op)
    }
    frames.set(size, base)
  }
  return base
}

export function renderPngLabel(
  input: RenderDocumentInput,
  size: DocumentSize,
  code: Code128
): Buffer {
  const bmp = frameBitmap(size).clone()
  for (const op of content(input, size, code)) {
    draw(bmp, op)
  }
  return encodePng1(bmp)
}

function draw(bmp: Bitmap, op: LayoutOp): void {
  switch (op.kind) {
    case "box": {
      const x = toDots(op.x)
      const y = toDots(op.y)
      const w = Math.max(1, toDots(op.w))
      const h = Math.max(1, toDots(op.h))
      if (op.fill) {
        bmp.fillRect(x, y, w, h)
      } else {
        bmp.strokeRect(x, y, w, h, Math.max(1, toDots(op.stroke ?? 1)))
      }
      return
    }
    case "dash": {
      const y = toDots(op.y)
      const x1 = toDots(op.x + op.w)
      for (let x = toDots(op.x); x < x1; x += 24) {
        bmp.fillRect(x, y, Math.min(12, x1 - x), 2)
      }
      return
    }
    case "text":
      drawText(bmp, op)
      return
    case "barcode":
      drawBarcode(
        bmp,
        toDots(op.x),
        toDots(op.y),
        toDots(op.w),
        toDots(op.h),
        op.code
      )
      return
  }
}

function drawText(bmp: Bitmap, op: Extract<LayoutOp, { kind: "text" }>): void {
  const sizePx = Math.round(op.size * DOTS_PER_PT)
  const bold = op.bold === true
  const maxW = op.w * DOTS_PER_PT
  const text = fit(printable(op.text, "ascii"), maxW, (s) =>
    textWidth(s, sizePx, bold)
  )
  const width = textWidth(text, sizePx, bold)
  let pen = toDots(op.x)
  if (op.align === "center") {
    pen += Math.round((maxW - width) / 2)
  } else if (op.align === "right") {
    pen += Math.round(maxW - width)
  }
  const baseline = toDots(op.y) + Math.round(sizePx * ASCENT)
  const black = op.inverse !== true
  for (let i = 0; i < text.length; i++) {
    const g = glyph(text.charCodeAt(i), sizePx, bold)
    const runs = g.runs
    for (let r = 0; r < runs.length; r += 3) {
      bmp.span(baseline + runs[r], pen + runs[r + 1], pen + runs[r + 2], black)
    }
    pen += g.advance
  }
}

/** Centred in its box at the widest whole dots per module that fits. */
function drawBarcode(
  bmp: Bitmap,
  x: number,
  y: number,
  w: number,
  h: number,
  code: Code128
): void {
  const m = moduleDots(code, w)
  const total = (code.modules + 2 * QUIET_ZONE_MODULES) * m
  drawCode128(bmp, x + ((w - total) >> 1), y, h, m, code)
}
