import type { DocumentSize } from "../../../../src/shipping-api/constants"

/** Doc 2: DPI_203 is the only resolution, so every raster and ZPL coordinate uses it. */
export const DPI = 203
export const PT_PER_IN = 72
/** Points to 203-dpi dots. */
export const DOTS_PER_PT = DPI / PT_PER_IN

export const DEFAULT_SIZE: DocumentSize = "DOC_4X6"

export interface Rect {
  x: number
  y: number
  w: number
  h: number
}

export interface PageGeometry {
  size: DocumentSize
  /** Page in points (PDF user space). */
  widthPt: number
  heightPt: number
  /** Page in 203-dpi dots (PNG pixels, ZPL ^PW/^LL). */
  widthDots: number
  heightDots: number
  /** Where the label itself is drawn, in points; smaller than the page only for sheets. */
  label: Rect
  /** Letter sheets carry the label in the top half, with a cut line below it. */
  sheet: boolean
}

const inches: Record<DocumentSize, [number, number]> = {
  DOC_4X6: [4, 6],
  DOC_4X5: [4, 5],
  // "8X11" is a US letter sheet, 8.5 x 11 in.
  DOC_8X11: [8.5, 11],
}

function geometry(size: DocumentSize): PageGeometry {
  const [wIn, hIn] = inches[size]
  const widthPt = wIn * PT_PER_IN
  const heightPt = hIn * PT_PER_IN
  const sheet = size === "DOC_8X11"
  // Letter sheets: label in the top half (8.5 x 5.5 in) with a quarter-inch margin, like
  // the half-sheet labels office printers use.
  const margin = sheet ? 18 : 0
  const label: Rect = sheet
    ? {
        x: margin,
        y: margin,
        w: widthPt - 2 * margin,
        h: heightPt / 2 - 2 * margin,
      }
    : { x: 0, y: 0, w: widthPt, h: heightPt }
  return {
    size,
    widthPt,
    heightPt,
    widthDots: Math.round(wIn * DPI),
    heightDots: Math.round(hIn * DPI),
    label,
    sheet,
  }
}

export const GEOMETRY: Record<DocumentSize, PageGeometry> = {
  DOC_4X6: geometry("DOC_4X6"),
  DOC_4X5: geometry("DOC_4X5"),
  DOC_8X11: geometry("DOC_8X11"),
}

export function toDots(pt: number): number {
  return Math.round(pt * DOTS_PER_PT)
}
