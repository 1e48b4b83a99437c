import {
  concatTransformationMatrix,
  drawObject,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setDashPattern,
  setFillingGrayscaleColor,
  setLineWidth,
  setStrokingGrayscaleColor,
  stroke,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
} from "pdf-lib"
import type { Matrix } from "./placement"
import { printable } from "./text"

/** In points from the box's lower-left; plain data made while the order is prepared, painted later. */
export type DrawOp =
  | {
      op: "text"
      x: number
      y: number
      size: number
      bold?: boolean
      text: string
    }
  | {
      op: "rect"
      x: number
      y: number
      w: number
      h: number
      fill?: number
      stroke?: number
      lineWidth?: number
    }
  | {
      op: "line"
      x1: number
      y1: number
      x2: number
      y2: number
      width: number
      gray?: number
      dash?: number[]
    }
  /** As [x, width] in modules from `x`, each `module` points wide. */
  | {
      op: "bars"
      x: number
      y: number
      h: number
      module: number
      bars: Array<[number, number]>
    }

export interface Fonts {
  regular: PDFFont
  bold: PDFFont
}

/** Layouts measure with the fonts they will be drawn with. */
export type Measure = (text: string, size: number, bold?: boolean) => number

export function measureWith(fonts: Fonts): Measure {
  return (text, size, bold) =>
    (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(text, size)
}

export function drawOps(
  page: PDFPage,
  ops: DrawOp[],
  origin: { x: number; y: number },
  fonts: Fonts
): void {
  const { x: ox, y: oy } = origin
  for (const op of ops) {
    if (op.op === "text") {
      // Cheap, and keeps pdf-lib's WinAnsi encoder from ever throwing on a customer's name.
      const text = printable(op.text)
      if (text)
        page.drawText(text, {
          x: ox + op.x,
          y: oy + op.y,
          size: op.size,
          font: op.bold ? fonts.bold : fonts.regular,
        })
      continue
    }
    const ops: PDFOperator[] = [pushGraphicsState()]
    if (op.op === "rect") {
      ops.push(rectangle(ox + op.x, oy + op.y, op.w, op.h))
      if (op.fill !== undefined)
        ops.push(setFillingGrayscaleColor(op.fill), fill())
      if (op.stroke !== undefined) {
        ops.push(
          rectangle(ox + op.x, oy + op.y, op.w, op.h),
          setStrokingGrayscaleColor(op.stroke),
          setLineWidth(op.lineWidth ?? 0.5),
          stroke()
        )
      }
    } else if (op.op === "line") {
      ops.push(setStrokingGrayscaleColor(op.gray ?? 0), setLineWidth(op.width))
      if (op.dash) ops.push(setDashPattern(op.dash, 0))
      ops.push(
        moveTo(ox + op.x1, oy + op.y1),
        lineTo(ox + op.x2, oy + op.y2),
        stroke()
      )
    } else {
      // One path filled once: sharp at any printer's dpi.
      ops.push(setFillingGrayscaleColor(0))
      for (const [bx, bw] of op.bars) {
        ops.push(
          rectangle(ox + op.x + bx * op.module, oy + op.y, bw * op.module, op.h)
        )
      }
      ops.push(fill())
    }
    ops.push(popGraphicsState())
    page.pushOperators(...ops)
  }
}

export function drawXObject(page: PDFPage, ref: PDFRef, matrix: Matrix): void {
  const name = page.node.newXObject("Label", ref)
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(...matrix),
    drawObject(name),
    popGraphicsState()
  )
}
