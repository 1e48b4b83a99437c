import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { batchFile } from "../../../../../../../orchestration/batches/batches"
import { ShippingActionError } from "../../../../../../../lib/action-error"

/**
 * GET /admin/shipping-services/batches/:id/files/:kind  (combined | labels | packing-slips | commercial-invoices | zpl)
 * The batch's print file as an attachment, from the plugin's private documents (admins only);
 * its labels count as printed from now on. 404 when the batch or that file does not exist.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  try {
    const { file, bytes } = await batchFile(
      req.scope,
      req.params.id,
      req.params.kind
    )
    res.setHeader("Content-Type", file.mime_type)
    res.setHeader(
      "Content-Disposition",
      `attachment; filename="${file.file_name}"`
    )
    res.setHeader("Cache-Control", "private, no-store")
    res.setHeader("X-Content-Type-Options", "nosniff")
    res.status(200).send(bytes)
  } catch (error) {
    if (!(error instanceof ShippingActionError)) throw error
    res.status(error.status).json({ type: error.type, message: error.message })
  }
}
