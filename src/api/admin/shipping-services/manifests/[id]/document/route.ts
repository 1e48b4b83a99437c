import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { manifestFileName } from "../../../../../../lib/manifests/record"
import {
  findManifest,
  manifestDocument,
} from "../../../../../../orchestration/close-out"

/**
 * GET /admin/shipping-services/manifests/:id/document
 * The manifest's scan form (PDF) as an attachment, from the File module (or the service's URL
 * while it was not stored).
 */
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
  const bytes = await manifestDocument(req.scope, record)
  if (!bytes)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Manifest ${record.manifest_id} has no document`
    )
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="${manifestFileName(record)}"`
  )
  res.setHeader("Cache-Control", "private, no-store")
  res.status(200).send(bytes)
}
