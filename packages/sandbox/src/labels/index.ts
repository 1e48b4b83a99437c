import {
  DOCUMENT_SIZES,
  DOCUMENT_TYPES,
  FILE_FORMATS,
  type DocumentSize,
  type FileFormat,
} from "../../../../src/shipping-api/constants"
import { code128 } from "./barcode"
import { renderPdfLabel } from "./pdf"
import { renderPngLabel } from "./png"
import { renderQrGif } from "./qr-gif"
import { DEFAULT_SIZE } from "./sizes"
import type {
  LabelExtension,
  RenderDocumentInput,
  RenderedDocument,
} from "./types"
import { renderZplLabel } from "./zpl"

export type {
  LabelAddress,
  LabelExtension,
  RenderDocumentInput,
  RenderedDocument,
} from "./types"
export { GEOMETRY, DPI } from "./sizes"
export { CUSTOMS_TITLE, RETURN_BANNER, SANDBOX_MARKER } from "./layout"

const OUTPUT: Record<
  FileFormat,
  { mimeType: string; extension: LabelExtension }
> = {
  PDF: { mimeType: "application/pdf", extension: "pdf" },
  PNG: { mimeType: "image/png", extension: "png" },
  ZPL2: { mimeType: "application/zpl", extension: "zpl" },
  GIF: { mimeType: "image/gif", extension: "gif" },
}

const LABEL_FORMATS: readonly FileFormat[] = ["PDF", "PNG", "ZPL2"]

/**
 * Renders one sandbox document synchronously. Request validation happens before this; the
 * checks here only refuse combinations that cannot be drawn, naming the offending field.
 */
export function renderDocument(input: RenderDocumentInput): RenderedDocument {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(input.type)) {
    throw new Error(
      `type must be one of ${DOCUMENT_TYPES.join(", ")}; got ${JSON.stringify(input.type)}`
    )
  }
  if (!(FILE_FORMATS as readonly string[]).includes(input.fileFormat)) {
    throw new Error(
      `fileFormat must be one of ${FILE_FORMATS.join(", ")}; got ${JSON.stringify(input.fileFormat)}`
    )
  }
  const out = OUTPUT[input.fileFormat]

  if (input.type === "QR_CODE") {
    if (input.fileFormat !== "GIF") {
      throw new Error(
        `fileFormat ${input.fileFormat} is not available for QR_CODE; a QR code is a GIF`
      )
    }
    if (input.size !== undefined) {
      throw new Error(
        `size must be omitted for QR_CODE; got ${JSON.stringify(input.size)}`
      )
    }
    const payload = input.qrPayload ?? input.trackingNumber
    if (!payload) {
      throw new Error("qrPayload or trackingNumber is required for QR_CODE")
    }
    return { pages: [renderQrGif(payload)], ...out }
  }

  if (!LABEL_FORMATS.includes(input.fileFormat)) {
    throw new Error(
      `fileFormat ${input.fileFormat} is not available for SHIPPING_LABEL; use ${LABEL_FORMATS.join(", ")}`
    )
  }
  const size: DocumentSize = input.size ?? DEFAULT_SIZE
  if (!(DOCUMENT_SIZES as readonly string[]).includes(size)) {
    throw new Error(
      `size must be one of ${DOCUMENT_SIZES.join(", ")}; got ${JSON.stringify(size)}`
    )
  }
  if (!input.trackingNumber) {
    throw new Error("trackingNumber is required for SHIPPING_LABEL")
  }
  const code = code128(input.trackingNumber)
  const page =
    input.fileFormat === "PDF"
      ? renderPdfLabel(input, size, code)
      : input.fileFormat === "PNG"
        ? renderPngLabel(input, size, code)
        : renderZplLabel(input, size, code)
  return { pages: [page], ...out }
}
