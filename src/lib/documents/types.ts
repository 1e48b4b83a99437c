import type { DocumentSize, FileFormat } from "../../shipping-api/constants"
import type { Address } from "../../shipping-api/schemas/address"
import type { Customs } from "../../shipping-api/schemas/customs"
import type { PrintLayout } from "./layouts"

/**
 * One document the service returned for a shipment (doc 2, "Document"), as stored by the
 * plugin: `pages` holds one file per page, as the service's `pages` do.
 */
export interface PrintLabel {
  /** Doc 2 fileFormat: PDF, PNG and ZPL2 for shipping labels, GIF for a QR code. */
  format: FileFormat
  /** Doc 2 size; sizes a PNG without a pHYs chunk. */
  size?: DocumentSize
  pages: Uint8Array[]
  /** Printed under a QR code so the parcel it belongs to can be told. */
  trackingNumber?: string
}

/** A line of the Medusa order that the packing slip lists. */
export interface PrintLineItem {
  /** Medusa line item `title`. */
  title: string
  /** Medusa line item `variant_title`. */
  variantTitle?: string | null
  /** Medusa line item `variant_sku`. */
  sku?: string | null
  quantity: number
}

/**
 * The commercial invoice of a cross-border shipment: the customs object the shipment request
 * carried (doc 2, Customs Info and Customs Items), unchanged, with the request's addresses.
 */
export interface CommercialInvoiceInput {
  /** Defaults to customs.customsInfo.invoiceNumber, then to the order's display id. */
  invoiceNumber?: string
  /** Invoice date; a Date is printed as its UTC calendar day (YYYY-MM-DD). */
  date: Date | string
  customs: Customs
  /** The request's fromAddress. */
  sender: Address
  /** The request's toAddress. */
  recipient: Address
  trackingNumber?: string
}

/** One Medusa order of a print batch, with everything its documents show. */
export interface PrintOrder {
  /** Medusa order id (order_…): names the order in errors; not printed. */
  orderId: string
  /** Medusa `display_id`: printed as "#1001" and encoded in the packing slip's barcode. */
  displayId: number | string
  /** The order's shipping address in doc 2 Address form (as the shipment request sent it). */
  shippingAddress: Address
  items: PrintLineItem[]
  /** The order's labels, in print order (several for a multi-parcel shipment). */
  labels: PrintLabel[]
  /** Present for cross-border orders; printed when `include.commercialInvoices` is set. */
  commercialInvoice?: CommercialInvoiceInput
  /** Printed on the packing slip; a Date is printed as its UTC calendar day. */
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
  /**
   * false (default): one PDF, interleaved per order (its labels, then its packing slip, then
   * its commercial invoice). true: one PDF per kind of document.
   */
  separate?: boolean
  /** Shown in each PDF's metadata title, e.g. the batch id. */
  title?: string
}

export type PrintFileKind =
  "combined" | "labels" | "packing-slips" | "commercial-invoices"

export interface PrintFile {
  kind: PrintFileKind
  contentType: "application/pdf"
  bytes: Uint8Array
  /** Sheets (PDF pages) in the file. */
  pageCount: number
  /** Documents placed: label pages, QR codes, packing slip and invoice pages. */
  documentCount: number
}

export interface PrintResult {
  /** Only files that received at least one page; empty when nothing was printable. */
  files: PrintFile[]
  orderCount: number
}
