import type { DocumentSize } from "../../../../src/shipping-api/constants"
import type { Code128 } from "./barcode"
import { GEOMETRY, type PageGeometry, type Rect } from "./sizes"
import { addressLines, formatWeight } from "./text"
import type { RenderDocumentInput } from "./types"

/**
 * One label layout, in points, drawn by all three renderers (PDF, PNG, ZPL) so the formats
 * show the same label. `frame()` is what every label of a size shares (renderers cache it);
 * `content()` is what depends on the shipment.
 */
export type LayoutOp =
  | {
      kind: "text"
      x: number
      /** Top of the line box. */
      y: number
      /** Available width; renderers cut text that does not fit. */
      w: number
      size: number
      text: string
      bold?: boolean
      /** White on black (drawn over a filled box). */
      inverse?: boolean
      align?: "left" | "center" | "right"
    }
  | {
      kind: "box"
      x: number
      y: number
      w: number
      h: number
      fill: boolean
      stroke?: number
    }
  | { kind: "dash"; x: number; y: number; w: number }
  | {
      kind: "barcode"
      x: number
      y: number
      w: number
      h: number
      code: Code128
    }

export const SANDBOX_MARKER = "SANDBOX - NOT FOR SHIPPING"
export const CUSTOMS_TITLE = "CUSTOMS DECLARATION CN22"
export const RETURN_BANNER = "RETURN"

interface AddressSlot extends Rect {
  lines: number
  size: number
}

/** Where each part of the label goes for one size. */
export interface Slots {
  geometry: PageGeometry
  border: Rect
  band: Rect
  header: Rect
  from: AddressSlot
  to: AddressSlot
  trackingHeading: Rect
  barcode: Rect
  trackingText: Rect
  meta: Rect
  customs: Rect
  rules: Rect[]
}

const PAD = 8
const BAND_H = 16
const HEADER_H = 18
const HEADING_H = 10
const LINE = 1.2
const TRACKING_TEXT_H = 16
const META_H = 36
const MAX_BARCODE_H = 108 // 1.5 in: taller adds nothing to scanning

function addressSlot(
  x: number,
  y: number,
  w: number,
  lines: number,
  size: number,
  heading: number
): AddressSlot {
  return { x, y, w, h: heading + lines * size * LINE, lines, size }
}

function computeSlots(size: DocumentSize): Slots {
  const geometry = GEOMETRY[size]
  const L = geometry.label
  const border = { x: L.x + 4, y: L.y + 4, w: L.w - 8, h: L.h - 8 }
  const x0 = L.x + PAD + 4
  const w = L.w - 2 * (PAD + 4)
  const bottom = L.y + L.h - PAD - 4
  const rules: Rect[] = []
  const rule = (x: number, y: number, width: number) =>
    rules.push({ x, y, w: width, h: 1 })

  let y = L.y + PAD + 4
  const band = { x: x0, y, w, h: BAND_H }
  y += BAND_H + 4
  const header = { x: x0, y, w, h: HEADER_H }
  y += HEADER_H + 3
  rule(x0, y, w)
  y += 5

  // The bottom strip is the same in every layout: shipment facts left, CN22 box right.
  const metaY = bottom - META_H
  const landscape = L.w > L.h
  const colGap = 12
  const colW = landscape ? (w - colGap) / 2 : w
  const rightX = landscape ? x0 + colW + colGap : x0
  const meta = { x: rightX, y: metaY, w: colW, h: META_H }
  const customs = {
    x: rightX + colW * 0.54,
    y: metaY,
    w: colW * 0.46,
    h: META_H,
  }
  rule(rightX, metaY - 5, colW)
  const trackingTextBottom = metaY - 9

  // 4x5 has 72 pt less than 4x6: shorter address boxes keep the barcode about 1 in tall.
  const compact = geometry.heightPt < 400 && !landscape
  // Letter sheets have a whole column for the addresses: larger type fills it.
  const from = addressSlot(
    x0,
    y,
    colW,
    compact ? 4 : 6,
    landscape ? 10 : 8,
    HEADING_H
  )
  y += from.h + 3
  rule(x0, y, colW)
  y += 5
  const to = addressSlot(
    x0,
    y,
    colW,
    compact ? 5 : 6,
    landscape ? 16 : compact ? 11 : 12,
    HEADING_H + 2
  )
  y += to.h + 3

  let trackingY: number
  if (landscape) {
    trackingY = header.y + HEADER_H + 8
    rules.push({
      x: rightX - colGap / 2,
      y: trackingY - 4,
      w: 1,
      h: bottom - trackingY + 4,
    })
  } else {
    rule(x0, y, w)
    trackingY = y + 5
  }
  const trackingHeading = { x: rightX, y: trackingY, w: colW, h: HEADING_H }
  const room =
    trackingTextBottom - TRACKING_TEXT_H - 2 - (trackingY + HEADING_H + 2)
  const barcodeH = Math.min(MAX_BARCODE_H, room)
  // When the barcode is capped (letter sheets) the spare height goes around it, not below.
  const barcodeTop =
    trackingY + HEADING_H + 2 + Math.floor((room - barcodeH) / 2)
  const barcode = { x: rightX, y: barcodeTop, w: colW, h: barcodeH }
  const trackingText = {
    x: rightX,
    y: barcodeTop + barcodeH + 2,
    w: colW,
    h: TRACKING_TEXT_H,
  }
  if (barcodeH < 40) {
    throw new Error(`label layout for ${size} leaves no room for the barcode`)
  }
  return {
    geometry,
    border,
    band,
    header,
    from,
    to,
    trackingHeading,
    barcode,
    trackingText,
    meta,
    customs,
    rules,
  }
}

const slotCache = new Map<DocumentSize, Slots>()

export function slots(size: DocumentSize): Slots {
  let s = slotCache.get(size)
  if (!s) {
    s = computeSlots(size)
    slotCache.set(size, s)
  }
  return s
}

/** Parts identical on every label of this size. */
export function frame(size: DocumentSize): LayoutOp[] {
  const s = slots(size)
  const ops: LayoutOp[] = [
    { kind: "box", ...s.border, fill: false, stroke: 1.5 },
    { kind: "box", ...s.band, fill: true },
    {
      kind: "text",
      x: s.band.x,
      y: s.band.y + 3,
      w: s.band.w,
      size: 10,
      text: SANDBOX_MARKER,
      bold: true,
      inverse: true,
      align: "center",
    },
    {
      kind: "text",
      x: s.from.x,
      y: s.from.y,
      w: s.from.w,
      size: 7,
      text: "FROM:",
      bold: true,
    },
    {
      kind: "text",
      x: s.to.x,
      y: s.to.y,
      w: s.to.w,
      size: 8,
      text: "SHIP TO:",
      bold: true,
    },
    {
      kind: "text",
      ...s.trackingHeading,
      size: 8,
      text: "TRACKING #",
      bold: true,
    },
  ]
  for (const r of s.rules) {
    ops.push({ kind: "box", ...r, fill: true })
  }
  const g = s.geometry
  if (g.sheet) {
    const cutY = g.heightPt / 2
    ops.push({ kind: "dash", x: 18, y: cutY, w: g.widthPt - 36 })
    ops.push({
      kind: "text",
      x: 18,
      y: cutY + 6,
      w: g.widthPt - 36,
      size: 8,
      text: "SANDBOX LABEL SHEET - CUT ALONG THE DASHED LINE AND ATTACH THE TOP HALF",
      align: "center",
    })
  }
  return ops
}

/** Parts that depend on the shipment. */
export function content(
  input: RenderDocumentInput,
  size: DocumentSize,
  code: Code128
): LayoutOp[] {
  const s = slots(size)
  const ops: LayoutOp[] = []
  const header = s.header
  let headerW = header.w
  if (input.returnLabel) {
    const bw = 76
    ops.push({
      kind: "box",
      x: header.x + header.w - bw,
      y: header.y,
      w: bw,
      h: header.h,
      fill: true,
    })
    ops.push({
      kind: "text",
      x: header.x + header.w - bw,
      y: header.y + 3,
      w: bw,
      size: 13,
      text: RETURN_BANNER,
      bold: true,
      inverse: true,
      align: "center",
    })
    headerW -= bw + 6
  }
  ops.push({
    kind: "text",
    x: header.x,
    y: header.y + 1,
    w: headerW,
    size: 14,
    text: `${input.carrier} ${input.serviceId}`,
    bold: true,
  })

  const from = addressLines(input.from, s.from.lines)
  from.forEach((line, i) => {
    ops.push({
      kind: "text",
      x: s.from.x + 4,
      y: s.from.y + HEADING_H + i * s.from.size * LINE,
      w: s.from.w - 4,
      size: s.from.size,
      text: line,
    })
  })
  const to = addressLines(input.to, s.to.lines)
  to.forEach((line, i) => {
    ops.push({
      kind: "text",
      x: s.to.x + 8,
      y: s.to.y + HEADING_H + 2 + i * s.to.size * LINE,
      w: s.to.w - 8,
      size: s.to.size,
      text: line,
      bold: i === 0,
    })
  })

  ops.push({ kind: "barcode", ...s.barcode, code })
  ops.push({
    kind: "text",
    ...s.trackingText,
    size: 11,
    text: input.trackingNumber,
    bold: true,
    align: "center",
  })

  const meta = [`SHIPMENT: ${input.shipmentId}`, formatWeight(input.weightOz)]
  if (input.reference) {
    meta.push(`REF: ${input.reference}`)
  }
  // The CN22 box takes the right part of the strip only when there is one.
  const metaW = input.customs ? s.customs.x - s.meta.x - 4 : s.meta.w
  meta.forEach((line, i) => {
    ops.push({
      kind: "text",
      x: s.meta.x,
      y: s.meta.y + 2 + i * 9.6,
      w: metaW,
      size: 7,
      text: line,
    })
  })

  if (input.customs) {
    const c = s.customs
    ops.push({ kind: "box", ...c, fill: false, stroke: 1 })
    ops.push({
      kind: "text",
      x: c.x + 3,
      y: c.y + 3,
      w: c.w - 6,
      size: 7,
      text: CUSTOMS_TITLE,
      bold: true,
    })
    ops.push({
      kind: "text",
      x: c.x + 3,
      y: c.y + 13,
      w: c.w - 6,
      size: 6,
      text: "MAY BE OPENED OFFICIALLY",
    })
    ops.push({
      kind: "text",
      x: c.x + 3,
      y: c.y + 22,
      w: c.w - 6,
      size: 6,
      text: "CONTENTS PER CUSTOMS INFO",
    })
  }
  return ops
}
