import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { orphanView } from "../../../../lib/views/orphan-view"
import { shippingOf } from "../../../../modules/shipping-services"

/**
 * GET /admin/shipping-services/orphans: labels that no fulfillment holds (bought by a process
 * that stopped before Medusa stored them, and not taken back by a fulfillment), newest first:
 * voided automatically (recovery.voidOrphans), or kept with the reason they cannot be.
 */
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
