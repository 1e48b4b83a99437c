import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { orphanView } from "../../../../lib/views/orphan-view"
import { shippingOf } from "../../../../modules/shipping-services"

/** Labels no fulfillment holds, newest first: voided automatically, or kept with the reason. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const shipping = shippingOf(req.scope)
  const rows = await shipping.listShipments(
    { orphaned_at: { $ne: null } },
    { take: 100, order: { orphaned_at: "DESC" } }
  )
  const now = new Date()
  res.json({ orphans: rows.map((r) => orphanView(r as never, now)) })
}
