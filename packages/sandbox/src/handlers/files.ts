import { renderShipmentDocument } from "../documents"
import { apiError } from "../http/errors"
import type { Handler } from "../http/router"
import { renderManifestPdf } from "../manifest-pdf"

/**
 * Label and scan-form files behind URL documents (doc 2: "Labels via URL are available 24
 * hours"). Unknown → 404; expired → 410. No token: a label URL is handed to printers as is.
 */
export const getFile: Handler = async ({ world, params }) => {
  const fileId = params.file!.replace(/\.[a-z0-9]+$/i, "")
  const file = world.store.files.get(fileId)
  if (!file) throw apiError(404, "FILE_NOT_FOUND", `no file ${params.file}`)
  if (file.expiresAt <= world.clock.now())
    throw apiError(
      410,
      "FILE_EXPIRED",
      `file ${params.file} expired at ${new Date(file.expiresAt).toISOString()} (sandbox time)`
    )
  if (file.kind === "manifest") {
    const m = world.store.manifests.get(file.ref)
    if (!m) throw apiError(404, "FILE_NOT_FOUND", `no manifest ${file.ref}`)
    return {
      status: 200,
      raw: await renderManifestPdf(m, new Date(m.createdAt).toISOString()),
      contentType: "application/pdf",
    }
  }
  const s = world.store.shipments.get(file.ref)
  if (!s) throw apiError(404, "FILE_NOT_FOUND", `no shipment ${file.ref}`)
  const rendered = renderShipmentDocument(s, file.docIndex)
  const page = rendered.pages[file.page ?? 0] ?? rendered.pages[0]!
  return {
    status: 200,
    raw: page,
    contentType: rendered.mimeType,
    headers: {
      "Content-Disposition": `inline; filename="${s.parcelTrackingNumber}.${rendered.extension}"`,
    },
  }
}
