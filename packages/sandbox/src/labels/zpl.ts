import type { DocumentSize } from "../../../../src/shipping-api/constants"
import { QUIET_ZONE_MODULES, moduleDots, type Code128 } from "./barcode"
import { content, frame, SANDBOX_MARKER, type LayoutOp } from "./layout"
import { DOTS_PER_PT, GEOMETRY, toDots } from "./sizes"
import { fit, printable } from "./text"
import type { RenderDocumentInput } from "./types"

/**
 * Font 0 (CG Triumvirate Bold Condensed) is proportional and the printer measures it, not
 * us: 0.6 of the character width per character is a safe upper bound, so cut text never
 * overflows. Characters are set 10% narrower than tall, close to the PDF's Helvetica.
 */
const CHAR_WIDTH = 0.6
const WIDTH_OF_HEIGHT = 0.9

/**
 * Field data goes through ^FH: "_" introduces a hex byte, so the three characters ZPL
 * would read as commands or as the escape itself (^ ~ _) are written as _5E _7E _5F.
 */
export function zplEscape(value: string): string {
  return value.replace(
    /[\^~_]/g,
    (c) => "_" + c.charCodeAt(0).toString(16).toUpperCase()
  )
}

const frames = new Map<DocumentSize, string>()

function frameZpl(size: DocumentSize): string {
  let z = frames.get(size)
  if (z === undefined) {
    const g = GEOMETRY[size]
    // ^CI28 first: everything after it, field data included, is UTF-8.
    z = `^XA\n^CI28\n^PW${g.widthDots}\n^LL${g.heightDots}\n^LH0,0\n^FX${SANDBOX_MARKER}^FS\n`
    z += frame(size).map(command).join("")
    frames.set(size, z)
  }
  return z
}

export function renderZplLabel(
  input: RenderDocumentInput,
  size: DocumentSize,
  code: Code128
): Buffer {
  const body = content(input, size, code).map(command).join("")
  return Buffer.from(frameZpl(size) + body + "^XZ\n", "utf8")
}

function command(op: LayoutOp): string {
  switch (op.kind) {
    case "box": {
      const w = Math.max(1, toDots(op.w))
      const h = Math.max(1, toDots(op.h))
      const t = op.fill ? Math.min(w, h) : Math.max(1, toDots(op.stroke ?? 1))
      return `^FO${toDots(op.x)},${toDots(op.y)}^GB${w},${h},${t},B,0^FS\n`
    }
    case "dash": {
      let out = ""
      const y = toDots(op.y)
      const x1 = toDots(op.x + op.w)
      for (let x = toDots(op.x); x < x1; x += 24) {
        out += `^FO${x},${y}^GB${Math.min(12, x1 - x)},2,2^FS`
      }
      return out + "\n"
    }
    case "text": {
      const h = Math.round(op.size * DOTS_PER_PT)
      const cw = Math.round(h * WIDTH_OF_HEIGHT)
      const wDots = toDots(op.w)
      const text = fit(
        printable(op.text, "unicode"),
        wDots,
        (s) => [...s].length * cw * CHAR_WIDTH
      )
      // ^FB gives the field a width so the printer can centre or right-align it.
      const block =
        op.align === "center"
          ? `^FB${wDots},1,0,C`
          : op.align === "right"
            ? `^FB${wDots},1,0,R`
            : ""
      const reverse = op.inverse ? "^FR" : ""
      return `^FO${toDots(op.x)},${toDots(op.y)}^A0N,${h},${cw}${block}${reverse}^FH_^FD${zplEscape(text)}^FS\n`
    }
    case "barcode": {
      const wDots = toDots(op.w)
      const hDots = toDots(op.h)
      const m = moduleDots(op.code, wDots)
      const total = (op.code.modules + 2 * QUIET_ZONE_MODULES) * m
      const x = toDots(op.x) + ((wDots - total) >> 1) + QUIET_ZONE_MODULES * m
      // Mode A lets the printer pick subsets B/C itself, as bwip-js did for the width above;
      // the human-readable line is a separate text field, so the interpretation line is off.
      return `^BY${m},3,${hDots}^FO${x},${toDots(op.y)}^BCN,${hDots},N,N,N,A^FH_^FD${zplEscape(op.code.text)}^FS\n`
    }
  }
}
