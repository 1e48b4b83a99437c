import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  closeOut,
  recentManifests,
} from "../../../../orchestration/manifests/close-out"
import type { AdminCreateManifestsType } from "../validators"

/**
 * GET /admin/shipping-services/manifests
 * The latest close-outs, newest first: `{ manifests: ManifestView[] }`.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json({ manifests: await recentManifests(req.scope) })
}

/**
 * POST /admin/shipping-services/manifests  (body: `{ carrier? }`)
 * Today's close-out (doc 4): one manifest per carrier with labels waiting. The scan form is
 * stored in the File module; each manifest's `document_url` serves it as a PDF attachment.
 * 200 `{ submission_date, manifests, failures }` (empty lists: nothing to close out); 502 when
 * every carrier failed.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminCreateManifestsType>,
  res: MedusaResponse
) {
  const result = await closeOut(req.scope, {
    carrier: req.validatedBody?.carrier,
  })
  if (!result.manifests.length && result.failures.length) {
    res.status(502).json({
      type: "shipping_service_error",
      message: result.failures.map((f) => f.message).join("\n"),
      ...result,
    })
    return
  }
  res.status(200).json(result)
}
