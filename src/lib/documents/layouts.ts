// PDF points. 4x6 thermal labels print edge to edge; office printers lose ~0.2 in, so sheets keep a
// quarter inch.
import { PRINT_LAYOUTS, type PrintLayout } from "../../options/print-layouts"

export { PRINT_LAYOUTS, type PrintLayout }

export interface Rect {
  x: number
  y: number
  w: number
  h: number
}

export interface SheetLayout {
  layout: PrintLayout
  width: number
  height: number
  columns: number
  rows: number
  margin: number
}

const SHEET_MARGIN = 18

const SHEETS: Record<PrintLayout, SheetLayout> = {
  "4x6": {
    layout: "4x6",
    width: 288,
    height: 432,
    columns: 1,
    rows: 1,
    margin: 0,
  },
  "letter-2up": {
    layout: "letter-2up",
    width: 612,
    height: 792,
    columns: 1,
    rows: 2,
    margin: SHEET_MARGIN,
  },
  "letter-4up": {
    layout: "letter-4up",
    width: 612,
    height: 792,
    columns: 2,
    rows: 2,
    margin: SHEET_MARGIN,
  },
  "a4-2up": {
    layout: "a4-2up",
    width: 595.28,
    height: 841.89,
    columns: 1,
    rows: 2,
    margin: SHEET_MARGIN,
  },
  "a4-4up": {
    layout: "a4-4up",
    width: 595.28,
    height: 841.89,
    columns: 2,
    rows: 2,
    margin: SHEET_MARGIN,
  },
}

export function isPrintLayout(value: unknown): value is PrintLayout {
  return (
    typeof value === "string" &&
    (PRINT_LAYOUTS as readonly string[]).includes(value)
  )
}

export function sheetLayout(layout: PrintLayout): SheetLayout {
  const sheet = SHEETS[layout]
  if (!sheet) {
    throw new Error(
      `layout must be one of ${PRINT_LAYOUTS.join(", ")}; got ${JSON.stringify(layout)}`
    )
  }
  return sheet
}

/** Reading order, in PDF coordinates (origin bottom-left). */
export function cellsOf(sheet: SheetLayout): Rect[] {
  const w = (sheet.width - 2 * sheet.margin) / sheet.columns
  const h = (sheet.height - 2 * sheet.margin) / sheet.rows
  const cells: Rect[] = []
  for (let row = 0; row < sheet.rows; row++) {
    for (let col = 0; col < sheet.columns; col++) {
      cells.push({
        x: sheet.margin + col * w,
        y: sheet.height - sheet.margin - (row + 1) * h,
        w,
        h,
      })
    }
  }
  return cells
}

/** Where a full-page document (an invoice) goes. */
export function pageArea(sheet: SheetLayout): Rect {
  return {
    x: sheet.margin,
    y: sheet.margin,
    w: sheet.width - 2 * sheet.margin,
    h: sheet.height - 2 * sheet.margin,
  }
}
