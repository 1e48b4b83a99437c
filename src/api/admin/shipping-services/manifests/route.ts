import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  closeOut,
  recentManifests,
} from "../../../../orchestration/manifests/close-out"
import type { AdminCreateManifestsType } from "../validators"

/** Newest first. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json({ manifests: await recentManifests(req.scope) })
}

/** Today's close-out: one manifest per carrier with labels waiting; 502 when every carrier failed. */
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
