import type {
  DocumentSize,
  DocumentType,
  FileFormat,
} from "../../../../src/shipping-api/constants"

export interface LabelAddress {
  name?: string
  company?: string
  addressLines?: string[]
  cityTown?: string
  stateProvince?: string
  postalCode?: string
  countryCode?: string
}

export interface RenderDocumentInput {
  type: DocumentType
  fileFormat: FileFormat
  /** Defaults to DOC_4X6; must be omitted for QR_CODE (doc 2: a QR code has no size). */
  size?: DocumentSize
  trackingNumber: string
  shipmentId: string
  carrier: string
  serviceId: string
  from: LabelAddress
  to: LabelAddress
  weightOz?: number
  reference?: string
  customs?: boolean
  returnLabel?: boolean
  /** QR_CODE only; defaults to the tracking number. */
  qrPayload?: string
}

export type LabelExtension = "pdf" | "png" | "zpl" | "gif"

export interface RenderedDocument {
  /** One entry per page; the service returns documents as `pages`. */
  pages: Buffer[]
  mimeType: string
  extension: LabelExtension
}
