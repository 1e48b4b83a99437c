import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { downloadBase64 } from "../../../../../../lib/labels/download"
import { labelFileName, labelFileType } from "../../../../../../lib/labels/files"
import { SHIPPING_SERVICES_MODULE } from "../../../../../../options/resolve"
import type ShippingServicesModuleService from "../../../../../../modules/shipping-services/service"
import { fileIdsOf } from "../../../../../../workflows/store-shipment-label/steps/store-label-files"

/**
 * GET /admin/shipping-services/shipments/:id/label[?page=0&download=1]
 * The stable label_url of every label (admins only: /admin routes require a logged-in user).
 * Served from the plugin's private documents; labels of earlier versions not moved yet come from
 * the row or the File module, and a URL label not downloaded yet from the service (24 hours).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const shipping: ShippingServicesModuleService = req.scope.resolve(SHIPPING_SERVICES_MODULE)
  const [row] = await shipping.listShipments({ id: req.params.id })
  if (!row) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shipment ${req.params.id} was not found`)
  }
  const page = Math.max(0, Math.min(1000, Number(req.query.page ?? 0) || 0))
  const documents = await shipping.documentPages("label", row.id)
  const fileIds = fileIdsOf(row.label_files)
  const pending = ((row.label_pending as { pages?: string[] } | null)?.pages ?? []).filter(Boolean)
  let bytes: Buffer | undefined
  let pages = 1
  if (documents.length) {
    pages = documents.length
    const doc = documents.find((d) => d.page === page)
    if (doc) bytes = await shipping.documentContent(doc.id)
  } else if (pending.length) {
    pages = pending.length
    if (pending[page]) bytes = Buffer.from(pending[page], "base64")
  } else if (fileIds.length) {
    pages = fileIds.length
    if (fileIds[page]) bytes = await req.scope.resolve(Modules.FILE).getAsBuffer(fileIds[page])
  } else if (row.label_source_url && page === 0) {
    const answer = await downloadBase64(row.label_source_url).catch((error: Error) => error)
    if (answer instanceof Error) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shipment ${row.id}: its label is not stored yet and the service's label URL did not answer (${answer.message})`)
    }
    bytes = Buffer.from(answer, "base64")
  }
  if (!bytes) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shipment ${row.id} has no label page ${page + 1}`)
  }
  const type = labelFileType(row.label_format)
  const download = req.query.download === "1" || !type.inline
  res.setHeader("Content-Type", type.mimeType)
  res.setHeader("Content-Disposition", `${download ? "attachment" : "inline"}; filename="${labelFileName(row.tracking_number, row.label_format, page, pages)}"`)
  res.setHeader("Cache-Control", "private, no-store")
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.status(200).send(bytes)
}
