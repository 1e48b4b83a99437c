import {
  barsOf,
  encodeCode128,
  QUIET_ZONE,
  type Code128Symbol,
} from "./code128"
import type { DrawOp, Measure } from "./draw"
import { addressLines, formatDate, orderLabel } from "./format"
import { fit, printable, wrap } from "./text"
import type { PrintOrder } from "./types"

export interface Box {
  w: number
  h: number
}

/** ~17 mil: readable by any scanner and short enough for a 4x6 slip. */
const MAX_MODULE = 1.2
const BAR_HEIGHT = 36
const ROW_LINE = 10.5

interface Row {
  quantity: string
  sku: string
  title: string[]
  height: number
}

/** Throws when it cannot be encoded (not ASCII). */
export function orderBarcode(
  order: Pick<PrintOrder, "displayId">
): Code128Symbol {
  return encodeCode128(String(order.displayId).trim())
}

/** Items that do not fit go on continuation pages, each with the order number and the columns. */
export function layoutPackingSlip(
  order: PrintOrder,
  box: Box,
  measure: Measure,
  symbol = orderBarcode(order)
): DrawOp[][] {
  const pad = box.w >= 400 ? 24 : 12
  const inner = box.w - 2 * pad
  const number = orderLabel(order.displayId)
  const date = formatDate(order.orderDate)

  const qtyW = 26
  const skuX = pad + qtyW + 6
  const skuW = Math.min(0.32 * inner, 120)
  const titleX = skuX + skuW + 6
  const titleW = box.w - pad - titleX
  const rows: Row[] = order.items.map((item) => {
    const name = [printable(item.title), printable(item.variantTitle)]
      .filter(Boolean)
      .join(" - ")
    const title = wrap(name, titleW, (s) => measure(s, 9), 2)
    return {
      quantity: printable(item.quantity),
      sku: fit(printable(item.sku) || "-", skuW, (s) => measure(s, 8)),
      title: title.length ? title : ["-"],
      height: Math.max(1, title.length) * ROW_LINE + 4,
    }
  })
  const units = order.items.reduce(
    (n, i) => n + (Number.isFinite(i.quantity) ? i.quantity : 0),
    0
  )

  const pages: DrawOp[][] = []
  let ops: DrawOp[] = []
  let y = box.h - pad

  const text = (x: number, size: number, value: string, bold = false) =>
    ops.push({ op: "text", x, y, size, bold, text: value })
  const right = (size: number, value: string, bold = false) =>
    ops.push({
      op: "text",
      x: box.w - pad - measure(value, size, bold),
      y,
      size,
      bold,
      text: value,
    })
  const rule = (gray = 0, width = 0.75) =>
    ops.push({
      op: "line",
      x1: pad,
      y1: y,
      x2: box.w - pad,
      y2: y,
      width,
      gray,
    })

  const tableHeader = () => {
    y -= 10
    text(pad, 7.5, "QTY", true)
    text(skuX, 7.5, "SKU", true)
    text(titleX, 7.5, "ITEM", true)
    y -= 4
    rule()
  }

  y -= 11
  text(pad, 11, "PACKING SLIP", true)
  if (date) right(8, date)
  y -= 20
  text(
    pad,
    18,
    fit(number, inner, (s) => measure(s, 18, true)),
    true
  )
  const module = Math.min(MAX_MODULE, inner / (symbol.modules + 2 * QUIET_ZONE))
  y -= 8 + BAR_HEIGHT
  ops.push({
    op: "bars",
    x: Math.max(pad, QUIET_ZONE * module),
    y,
    h: BAR_HEIGHT,
    module,
    bars: barsOf(symbol),
  })
  y -= 10
  text(Math.max(pad, QUIET_ZONE * module), 8, symbol.text)
  y -= 16
  text(pad, 7.5, "SHIP TO", true)
  for (const line of addressLines(order.shippingAddress, { phone: true }).slice(
    0,
    7
  )) {
    y -= 11.5
    text(
      pad,
      10,
      fit(line, inner, (s) => measure(s, 10))
    )
  }
  y -= 8
  tableHeader()

  const footerY = pad + 12
  if (rows.length === 0) {
    y -= 12
    text(pad, 9, "No items.")
  }
  for (const row of rows) {
    if (y - row.height < footerY) {
      pages.push(ops)
      ops = []
      y = box.h - pad - 10
      text(
        pad,
        10,
        fit(`PACKING SLIP ${number} (continued)`, inner, (s) =>
          measure(s, 10, true)
        ),
        true
      )
      tableHeader()
    }
    const top = y
    y = top - ROW_LINE
    text(pad + qtyW - measure(row.quantity, 9, true), 9, row.quantity, true)
    text(skuX, 8, row.sku)
    row.title.forEach((line, k) => {
      y = top - ROW_LINE * (k + 1)
      text(titleX, 9, line)
    })
    y = top - row.height
    rule(0.75, 0.4)
  }
  pages.push(ops)

  // "page n of m" once the count is known.
  pages.forEach((page, k) => {
    const summary = `${order.items.length} ${order.items.length === 1 ? "line" : "lines"}, ${units} ${units === 1 ? "unit" : "units"}`
    page.push({
      op: "text",
      x: pad,
      y: pad,
      size: 8,
      text: `${number} - ${summary}`,
    })
    if (pages.length > 1) {
      const label = `Page ${k + 1} of ${pages.length}`
      page.push({
        op: "text",
        x: box.w - pad - measure(label, 8),
        y: pad,
        size: 8,
        text: label,
      })
    }
  })
  return pages
}
