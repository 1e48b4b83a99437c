import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { batchFile } from "../../../../../../../orchestration/batches/batches"
import { ShippingActionError } from "../../../../../../../lib/action-error"
import { sendDocument } from "../../../../send-document"

/**
 * GET /admin/shipping-services/batches/:id/files/:kind  (combined | labels | packing-slips | commercial-invoices | zpl)
 * The batch's print file as an attachment, from the plugin's private documents (admins only; a
 * presigned URL with documents.storage "file": send-document.ts); its labels count as printed
 * from now on. 404 when the batch or that file does not exist, 410 once retention removed it.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  try {
    const { file, source } = await batchFile(
      req.scope,
      req.params.id,
      req.params.kind
    )
    sendDocument(req, res, source, {
      mimeType: file.mime_type,
      fileName: file.file_name,
      download: true,
    })
  } catch (error) {
    if (!(error instanceof ShippingActionError)) throw error
    res.status(error.status).json({ type: error.type, message: error.message })
  }
}
