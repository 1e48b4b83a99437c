import type { DrawOp, Measure } from "./draw"
import { addressLines, formatDate, orderLabel } from "./format"
import { formatMinor, invoiceTotals } from "./invoice-totals"
import type { Box } from "./packing-slip"
import { fit, printable, wrap } from "./text"
import type { PrintOrder } from "./types"

export const DECLARATION =
  "I declare that the information on this invoice is true and correct and that the contents of this shipment are as stated above."

/** Numbers are right-aligned. */
const COLUMNS = [
  { title: "DESCRIPTION", share: 0.36, align: "left" },
  { title: "HS CODE", share: 0.14, align: "left" },
  { title: "ORIGIN", share: 0.09, align: "left" },
  { title: "QTY", share: 0.07, align: "right" },
  { title: "UNIT VALUE", share: 0.16, align: "right" },
  { title: "VALUE", share: 0.18, align: "right" },
] as const

/** The caller's, else the request's customsInfo.invoiceNumber, else the order's. */
export function invoiceNumberOf(order: PrintOrder): string {
  const invoice = order.commercialInvoice
  return printable(
    invoice?.invoiceNumber ||
      invoice?.customs.customsInfo.invoiceNumber ||
      String(order.displayId)
  )
}

/** From the customs items the request carried; overflowing rows continue, totals close the last page. */
export function layoutCommercialInvoice(
  order: PrintOrder,
  box: Box,
  measure: Measure
): DrawOp[][] {
  const invoice = order.commercialInvoice
  if (!invoice) return []
  const k = box.w >= 400 ? 1 : 0.68
  const pad = box.w >= 400 ? 0 : 12
  const inner = box.w - 2 * pad
  const currency = printable(invoice.customs.customsInfo.currencyCode)
  const totals = invoiceTotals(
    invoice.customs.customsItems ?? [],
    invoice.customs.customsInfo.currencyCode
  )
  const number = invoiceNumberOf(order)
  const money = (minor: number) => formatMinor(minor, totals.digits)

  const xs: number[] = []
  COLUMNS.reduce((x, c) => (xs.push(x), x + c.share * inner), pad)
  const colW = COLUMNS.map((c) => c.share * inner - 4 * k)

  const pages: DrawOp[][] = []
  let ops: DrawOp[] = []
  let y = box.h - pad
  const text = (x: number, size: number, value: string, bold = false) =>
    ops.push({ op: "text", x, y, size: size * k, bold, text: value })
  const cell = (col: number, size: number, value: string, bold = false) => {
    const s = fit(value, colW[col], (v) => measure(v, size * k, bold))
    const x =
      COLUMNS[col].align === "right"
        ? xs[col] + colW[col] - measure(s, size * k, bold)
        : xs[col]
    text(x, size, s, bold)
  }
  const rule = (width: number, gray = 0) =>
    ops.push({
      op: "line",
      x1: pad,
      y1: y,
      x2: box.w - pad,
      y2: y,
      width,
      gray,
    })
  const header = () => {
    y -= 10 * k
    COLUMNS.forEach((c, i) => cell(i, 7, c.title, true))
    y -= 4 * k
    rule(0.75)
  }

  y -= 16 * k
  text(pad, 16, "COMMERCIAL INVOICE", true)
  const meta: Array<[string, string]> = [
    ["Invoice no.", number],
    ["Date", formatDate(invoice.date)],
    ["Order", orderLabel(order.displayId)],
    ["Currency", currency],
  ]
  if (invoice.trackingNumber)
    meta.push(["Tracking no.", printable(invoice.trackingNumber)])
  const reason = invoice.customs.customsInfo.reasonForExport
  if (reason)
    meta.push(["Reason for export", printable(reason.replace(/_/g, " "))])
  y -= 6 * k
  for (const [key, value] of meta) {
    y -= 11 * k
    text(pad, 8.5, `${key}:`, true)
    text(
      pad + 90 * k,
      8.5,
      fit(value, inner - 90 * k, (s) => measure(s, 8.5 * k))
    )
  }

  y -= 18 * k
  const half = inner / 2
  text(pad, 7.5, "SENDER / EXPORTER", true)
  text(pad + half, 7.5, "RECIPIENT / CONSIGNEE", true)
  const sender = addressLines(invoice.sender, { phone: true })
  const recipient = addressLines(invoice.recipient, { phone: true })
  const top = y
  for (let i = 0; i < Math.max(sender.length, recipient.length); i++) {
    y = top - 11 * k * (i + 1)
    if (sender[i])
      text(
        pad,
        9,
        fit(sender[i], half - 8, (s) => measure(s, 9 * k))
      )
    if (recipient[i])
      text(
        pad + half,
        9,
        fit(recipient[i], half - 8, (s) => measure(s, 9 * k))
      )
  }
  y -= 16 * k
  header()

  const footerY = pad + 14 * k
  for (const line of totals.lines) {
    const description = wrap(
      printable(line.item.description),
      colW[0],
      (s) => measure(s, 8.5 * k),
      2
    )
    const height = Math.max(1, description.length) * 10.5 * k + 4 * k
    if (y - height < footerY) {
      pages.push(ops)
      ops = []
      y = box.h - pad - 10 * k
      text(pad, 10, `COMMERCIAL INVOICE ${number} (continued)`, true)
      header()
    }
    const rowTop = y
    y = rowTop - 10.5 * k
    cell(1, 8.5, printable(line.item.hSTariffCode) || "-")
    cell(2, 8.5, printable(line.item.originCountryCode) || "-")
    cell(3, 8.5, String(line.item.quantity))
    cell(4, 8.5, money(line.unitMinor))
    cell(5, 8.5, money(line.totalMinor))
    description.forEach((d, i) => {
      y = rowTop - 10.5 * k * (i + 1)
      text(xs[0], 8.5, d)
    })
    y = rowTop - height
    rule(0.4, 0.75)
  }

  // On a page of their own if need be.
  const weight = totals.weights
    .map((w) => `${w.weight} ${printable(w.unit)}`)
    .join(" + ")
  const closing: Array<[string, string]> = [
    ["Total quantity", String(totals.quantity)],
    [`Total value (${currency})`, money(totals.valueMinor)],
  ]
  if (weight) closing.push(["Total weight", weight])
  const declaration = wrap(DECLARATION, inner, (s) => measure(s, 8 * k), 4)
  const closingHeight =
    (closing.length * 12 + 16 + declaration.length * 10 + 40) * k
  if (y - closingHeight < footerY) {
    pages.push(ops)
    ops = []
    y = box.h - pad - 10 * k
    text(pad, 10, `COMMERCIAL INVOICE ${number} (continued)`, true)
    y -= 6 * k
  }
  for (const [key, value] of closing) {
    y -= 12 * k
    const keyX = xs[3]
    text(keyX, 9, `${key}:`, true)
    text(box.w - pad - measure(value, 9 * k, true), 9, value, true)
  }
  y -= 16 * k
  for (const line of declaration) {
    y -= 10 * k
    text(pad, 8, line)
  }
  y -= 28 * k
  const signature =
    "Signature: ______________________   Name: ______________________   Date: ____________"
  text(
    pad,
    8,
    fit(signature, inner, (s) => measure(s, 8 * k))
  )
  pages.push(ops)

  pages.forEach((page, i) => {
    const label = `Invoice ${number} - page ${i + 1} of ${pages.length}`
    page.push({
      op: "text",
      x: pad,
      y: pad,
      size: 7.5 * k,
      text: fit(label, inner, (s) => measure(s, 7.5 * k)),
    })
  })
  return pages
}
