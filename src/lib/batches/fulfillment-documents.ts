import { labelFileName, labelFileType } from "../labels/files"
import { createPrintBatch, type PrintLayout } from "../documents"
import { printOrderOf, type PrintOrderInput } from "./print-order"

/** What Medusa's document hooks return. */
export const FULFILLMENT_DOCUMENT_TYPES = [
  "label",
  "packing_slip",
  "commercial_invoice",
] as const
export type FulfillmentDocumentType =
  (typeof FULFILLMENT_DOCUMENT_TYPES)[number]

export type FulfillmentDocument = {
  type: FulfillmentDocumentType
  file_name: string
  mime_type: string
  content: string
  /** Labels: the parcel's shipment and tracking number, and the page of a multi-page label. */
  shipment_id?: string
  tracking_number?: string | null
  page?: number
}

const base64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
    "base64"
  )

/** Label pages as the service made them; packing slip and invoice drawn on the layout's sheet. */
export async function fulfillmentDocumentsOf(
  input: PrintOrderInput,
  types: readonly FulfillmentDocumentType[],
  layout: PrintLayout
): Promise<FulfillmentDocument[]> {
  const out: FulfillmentDocument[] = []
  const display = String(input.displayId).replace(/[^A-Za-z0-9_-]/g, "")
  if (types.includes("label")) {
    for (const label of input.labels) {
      label.pages.forEach((page, i) =>
        out.push({
          type: "label",
          file_name: labelFileName(
            label.tracking_number,
            label.label_format,
            i,
            label.pages.length
          ),
          mime_type: labelFileType(label.label_format).mimeType,
          content: base64(page),
          shipment_id: label.id,
          tracking_number: label.tracking_number ?? null,
          page: i,
        })
      )
    }
  }
  const { pdf } = printOrderOf(input)
  if (types.includes("packing_slip")) {
    const batch = createPrintBatch({
      layout,
      include: { labels: false, packingSlips: true, commercialInvoices: false },
      title: `Packing slip #${display}`,
    })
    await batch.add(pdf)
    const [file] = (await batch.finish()).files
    if (file)
      out.push({
        type: "packing_slip",
        file_name: `packing-slip-${display}.pdf`,
        mime_type: "application/pdf",
        content: base64(file.bytes),
      })
  }
  if (types.includes("commercial_invoice") && pdf.commercialInvoice) {
    const batch = createPrintBatch({
      layout,
      include: { labels: false, packingSlips: false, commercialInvoices: true },
      title: `Commercial invoice #${display}`,
    })
    await batch.add(pdf)
    const [file] = (await batch.finish()).files
    if (file)
      out.push({
        type: "commercial_invoice",
        file_name: `commercial-invoice-${display}.pdf`,
        mime_type: "application/pdf",
        content: base64(file.bytes),
      })
  }
  return out
}
