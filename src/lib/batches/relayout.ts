import {
  DOCUMENT_SIZES,
  FILE_FORMATS,
  type DocumentSize,
  type FileFormat,
} from "../../shipping-api/constants"
import type { Address } from "../../shipping-api/schemas/address"
import { createPrintBatch, type PrintLayout } from "../documents"

/** The reprint takes no format or size, so the label is placed on the sheet; ZPL2 cannot be (null). */
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
