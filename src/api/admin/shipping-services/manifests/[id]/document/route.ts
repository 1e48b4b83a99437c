import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { manifestFileName } from "../../../../../../lib/manifests/record"
import {
  findManifest,
  manifestDocument,
} from "../../../../../../orchestration/manifests/close-out"
import { sendDocument } from "../../../send-document"

/** The scan form as a PDF attachment, or the service's URL while it was not stored. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const record = await findManifest(req.scope, req.params.id)
  if (!record)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Manifest ${req.params.id} was not found`
    )
  const source = await manifestDocument(req.scope, record)
  if (!source)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Manifest ${record.manifest_id} has no document`
    )
  sendDocument(req, res, source, {
    mimeType: "application/pdf",
    fileName: manifestFileName(record),
    download: true,
  })
}
