import type { DocumentSize, FileFormat } from "../../shipping-api/constants"
import type { Address } from "../../shipping-api/schemas/address"
import type { Customs } from "../../shipping-api/schemas/customs"
import type { PrintLayout } from "./layouts"

/** Doc 2 "Document" as stored: one file per page, as the service's `pages`. */
export interface PrintLabel {
  /** PDF, PNG and ZPL2 for shipping labels, GIF for a QR code. */
  format: FileFormat
  /** Sizes a PNG without a pHYs chunk. */
  size?: DocumentSize
  pages: Uint8Array[]
  /** Printed under a QR code so the parcel it belongs to can be told. */
  trackingNumber?: string
}

export interface PrintLineItem {
  title: string
  variantTitle?: string | null
  sku?: string | null
  quantity: number
}

/** The customs object the request carried, unchanged, with its addresses. */
export interface CommercialInvoiceInput {
  /** Defaults to customs.customsInfo.invoiceNumber, then the order's display id. */
  invoiceNumber?: string
  /** A Date is printed as its UTC calendar day. */
  date: Date | string
  customs: Customs
  sender: Address
  recipient: Address
  trackingNumber?: string
}

export interface PrintOrder {
  /** Names the order in errors; not printed. */
  orderId: string
  /** Printed as "#1001" and encoded in the packing slip's barcode. */
  displayId: number | string
  /** As the shipment request sent it. */
  shippingAddress: Address
  items: PrintLineItem[]
  /** In print order. */
  labels: PrintLabel[]
  /** Cross-border only; printed when `include.commercialInvoices` is set. */
  commercialInvoice?: CommercialInvoiceInput
  /** A Date is printed as its UTC calendar day. */
  orderDate?: Date | string
}

export interface PrintInclude {
  labels: boolean
  packingSlips: boolean
  commercialInvoices: boolean
}

export interface PrintOptions {
  layout: PrintLayout
  include: PrintInclude
  /** Default one PDF interleaved per order; true: one PDF per kind of document. */
  separate?: boolean
  /** The PDF metadata title, e.g. the batch id. */
  title?: string
}

export type PrintFileKind =
  "combined" | "labels" | "packing-slips" | "commercial-invoices"

export interface PrintFile {
  kind: PrintFileKind
  contentType: "application/pdf"
  bytes: Uint8Array
  pageCount: number
  /** Label pages, QR codes, packing slip and invoice pages. */
  documentCount: number
}

export interface PrintResult {
  /** Only files that received a page. */
  files: PrintFile[]
  orderCount: number
}
