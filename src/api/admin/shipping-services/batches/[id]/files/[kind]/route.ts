import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { batchFile } from "../../../../../../../orchestration/batches/batches"
import { ShippingActionError } from "../../../../../../../lib/action-error"
import { sendDocument } from "../../../../send-document"

/** The batch's print file as an attachment; its labels count as printed from now on. 410 once retention removed it. */
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
