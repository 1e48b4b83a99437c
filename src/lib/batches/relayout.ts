import {
  DOCUMENT_SIZES,
  FILE_FORMATS,
  type DocumentSize,
  type FileFormat,
} from "../../shipping-api/constants"
import type { Address } from "../../shipping-api/schemas/address"
import { createPrintBatch, type PrintLayout } from "../documents"

/**
 * One label in another print size: the service's reprint (doc 4) takes no
 * format or size, so the label it made is placed on the chosen sheet by the print library (a
 * 4x6 label on a 4x6 page, half or a quarter of a Letter/A4 sheet; PNG and QR images embedded).
 * A ZPL2 label is a printer program, not an image: it has no other size here (null).
 */
export async function labelInLayout(
  label: {
    format: string | null | undefined
    size?: string | null
    pages: Uint8Array[]
    trackingNumber?: string | null
    orderId?: string | null
  },
  layout: PrintLayout
): Promise<Uint8Array | null> {
  const format = (label.format ?? "").toUpperCase()
  if (
    format === "ZPL2" ||
    !(FILE_FORMATS as readonly string[]).includes(format)
  )
    return null
  const batch = createPrintBatch({
    layout,
    include: { labels: true, packingSlips: false, commercialInvoices: false },
    title: `Label ${label.trackingNumber ?? ""}`.trim(),
  })
  await batch.add({
    orderId: label.orderId ?? "label",
    displayId: label.trackingNumber ?? "label",
    shippingAddress: {
      addressLines: [],
      stateProvince: "",
    } as unknown as Address,
    items: [],
    labels: [
      {
        format: format as FileFormat,
        ...(label.size &&
        (DOCUMENT_SIZES as readonly string[]).includes(label.size)
          ? { size: label.size as DocumentSize }
          : {}),
        pages: label.pages,
        ...(label.trackingNumber
          ? { trackingNumber: label.trackingNumber }
          : {}),
      },
    ],
  })
  const [file] = (await batch.finish()).files
  return file?.bytes ?? null
}
